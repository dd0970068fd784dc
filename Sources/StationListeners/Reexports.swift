import HTTPServer

// The listeners' shared vocabulary lives in HTTPServer (the one libmicrohttpd wrapper) and SystemIO;
// the bridge names it through this module.
public typealias ListenAddress = HTTPServer.ListenAddress
public typealias ListenerError = HTTPServer.ListenerError
public typealias ListenerNotice = HTTPServer.ListenerNotice
public typealias RatePolicy = HTTPServer.RatePolicy
public typealias LogMask = HTTPServer.LogMask
