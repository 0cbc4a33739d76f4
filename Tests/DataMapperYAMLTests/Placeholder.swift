// Placeholder until the YAML tests have content.
