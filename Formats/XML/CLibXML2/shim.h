// The parts of libxml2 DataMapperXML uses, as installed by libxml2-dev (Debian) or libxml2 (Homebrew).
//
// Debian's libxml2 is built with ICU, so <libxml/encoding.h> would include ICU's
// <unicode/ucnv.h>. Foundation on Linux ships its own copy of ICU's headers
// (_FoundationICU) whose enums differ, and a module that sees both fails to build.
// DataMapperXML never touches ICU types or the encoding handler's fields (only
// pointers to it), so the ICU part of libxml2's headers is left out.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlwriter.h>
#include <libxml/xmlerror.h>
