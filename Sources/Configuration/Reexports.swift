// The reader, its errors and the sections `weatherview` reads too (`mqtt:`, `homeassistant:`,
// `displays:`, `onecall:`) live in ConfigurationCore; the bridge names them through this module.
@_exported import ConfigurationCore
