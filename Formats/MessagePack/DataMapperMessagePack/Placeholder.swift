// Placeholder until the MessagePack module has content.
