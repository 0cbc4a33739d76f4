// Placeholder until DataMapperFormats has content.
