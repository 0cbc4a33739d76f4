// Placeholder until DataMapperJSONTests has content.
