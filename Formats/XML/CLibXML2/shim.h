// The parts of libxml2 DataMapperXML uses, as installed by libxml2-dev (Debian) or libxml2 (Homebrew).
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlwriter.h>
#include <libxml/xmlerror.h>
