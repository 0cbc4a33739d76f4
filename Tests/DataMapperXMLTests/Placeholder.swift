// Placeholder until the XML tests have content.
