// Placeholder until the MessagePack tests have content.
