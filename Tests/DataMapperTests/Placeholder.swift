// Placeholder until DataMapperTests has content.
