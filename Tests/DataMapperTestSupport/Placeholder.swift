// Placeholder until DataMapperTestSupport has content.
