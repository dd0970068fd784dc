// Where a listener binds and why it could not start live in SystemIO, so that the configuration's
// `listen:` and `serve --listen` are read by one parser; the listeners' users name them from here.
@_exported import struct SystemIO.ListenAddress
@_exported import struct SystemIO.ListenerError
