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

#include <stdlib.h>

// libxml2 2.9 reports some errors (encoding conversion, I/O) with no parser context:
// they go to the calling thread's structured error handler if one is set, else to its
// generic handler, which prints to stderr. DataMapperXML sets both for the length of
// each call into libxml2 and restores them afterwards; the handlers are per thread,
// so other users of libxml2 in the process are not disturbed. Swift cannot write a
// variadic C function, so the generic handler that discards messages lives here.

static void datamapper_discard_generic_error(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

/// The calling thread's error handlers as they were before `datamapper_errors_redirect`.
typedef struct {
    xmlGenericErrorFunc generic;
    void *genericContext;
    xmlStructuredErrorFunc structured;
    void *structuredContext;
} datamapper_saved_errors;

/// Sends the calling thread's libxml2 errors to `handler` with `context`, and returns
/// what to pass to `datamapper_errors_restore` (NULL when out of memory, in which case
/// nothing changed).
static inline void *datamapper_errors_redirect(xmlStructuredErrorFunc handler, void *context) {
    datamapper_saved_errors *saved = malloc(sizeof(datamapper_saved_errors));
    if (saved == NULL) return NULL;
    saved->generic = xmlGenericError;
    saved->genericContext = xmlGenericErrorContext;
    saved->structured = xmlStructuredError;
    saved->structuredContext = xmlStructuredErrorContext;
    xmlSetGenericErrorFunc(context, datamapper_discard_generic_error);
    xmlSetStructuredErrorFunc(context, handler);
    return saved;
}

/// Puts back the handlers `datamapper_errors_redirect` replaced, and frees `saved`.
static inline void datamapper_errors_restore(void *saved) {
    if (saved == NULL) return;
    datamapper_saved_errors *handlers = saved;
    xmlSetGenericErrorFunc(handlers->genericContext, handlers->generic);
    xmlSetStructuredErrorFunc(handlers->structuredContext, handlers->structured);
    free(handlers);
}
