// Placeholder until DataMapperFormatsTests has content.
