// Placeholder until datamapperTests has content.
