// Placeholder until the XML module has content.
