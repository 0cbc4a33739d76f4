import DataMapper
import DataMapperConfig
import Testing
