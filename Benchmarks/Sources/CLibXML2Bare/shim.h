// libxml2 for the bare SAX2 and xmlDocDumpMemory baselines of the XML benchmarks.
// ICU's part of the headers is left out, as in Formats/XML/CLibXML2/shim.h, because
// it clashes with the ICU headers Foundation ships on Linux.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
