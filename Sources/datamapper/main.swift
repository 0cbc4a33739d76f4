// The entry point: argument-parser reads the command line and runs a subcommand.
DataMapperCommand.main()
