/// The version `datamapper --version` prints; the one place it is written.
let toolVersion = "0.9.0"
