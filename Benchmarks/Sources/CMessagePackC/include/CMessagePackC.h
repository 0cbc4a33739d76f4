// msgpack-c, the C library MessagePack's authors maintain, as the peer of the
// MessagePack rows: a few plain functions so Swift never touches its types.
#ifndef DATAMAPPER_BENCHMARKS_CMESSAGEPACKC_H
#define DATAMAPPER_BENCHMARKS_CMESSAGEPACKC_H

#include <stddef.h>

/// Unpacks one value from `data` into msgpack-c's object tree, frees it, and returns
/// the number of items at its top level (0 for a scalar), or -1 on malformed input.
long dm_msgpackc_unpack_count(const char *data, size_t size);

/// A value unpacked once and kept, to be packed again by `dm_msgpackc_pack`.
typedef struct dm_msgpackc_document dm_msgpackc_document;

/// Unpacks `data` and keeps the tree; NULL on malformed input.
dm_msgpackc_document *dm_msgpackc_document_create(const char *data, size_t size);

/// Packs the kept tree into a fresh buffer, frees it and returns its size in bytes.
size_t dm_msgpackc_pack(const dm_msgpackc_document *document);

/// Frees a kept tree.
void dm_msgpackc_document_destroy(dm_msgpackc_document *document);

#endif
