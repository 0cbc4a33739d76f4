#include "CMessagePackC.h"

#include <msgpack.h>
#include <stdlib.h>

struct dm_msgpackc_document {
    msgpack_unpacked unpacked;
};

static long top_level_count(const msgpack_object *object) {
    switch (object->type) {
    case MSGPACK_OBJECT_ARRAY: return (long)object->via.array.size;
    case MSGPACK_OBJECT_MAP: return (long)object->via.map.size;
    default: return 0;
    }
}

long dm_msgpackc_unpack_count(const char *data, size_t size) {
    msgpack_unpacked unpacked;
    msgpack_unpacked_init(&unpacked);
    size_t offset = 0;
    long count = -1;
    if (msgpack_unpack_next(&unpacked, data, size, &offset) == MSGPACK_UNPACK_SUCCESS) {
        count = top_level_count(&unpacked.data);
    }
    msgpack_unpacked_destroy(&unpacked);
    return count;
}

dm_msgpackc_document *dm_msgpackc_document_create(const char *data, size_t size) {
    dm_msgpackc_document *document = malloc(sizeof *document);
    if (document == NULL) return NULL;
    msgpack_unpacked_init(&document->unpacked);
    size_t offset = 0;
    if (msgpack_unpack_next(&document->unpacked, data, size, &offset) != MSGPACK_UNPACK_SUCCESS) {
        msgpack_unpacked_destroy(&document->unpacked);
        free(document);
        return NULL;
    }
    return document;
}

size_t dm_msgpackc_pack(const dm_msgpackc_document *document) {
    msgpack_sbuffer buffer;
    msgpack_sbuffer_init(&buffer);
    msgpack_packer packer;
    msgpack_packer_init(&packer, &buffer, msgpack_sbuffer_write);
    msgpack_pack_object(&packer, document->unpacked.data);
    size_t size = buffer.size;
    msgpack_sbuffer_destroy(&buffer);
    return size;
}

void dm_msgpackc_document_destroy(dm_msgpackc_document *document) {
    if (document == NULL) return;
    msgpack_unpacked_destroy(&document->unpacked);
    free(document);
}
