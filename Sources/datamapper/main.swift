print("datamapper")
