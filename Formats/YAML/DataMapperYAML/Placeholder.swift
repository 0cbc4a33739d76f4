// Placeholder until the YAML module has content.
