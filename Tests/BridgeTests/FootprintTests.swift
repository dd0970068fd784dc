import Foundation
import Testing

@Suite("Footprint: what the bridge keeps out of its memory")
struct FootprintTests {
    /// GnuTLS comes with libcurl's dependencies and is never used; its constructor skips its
    /// 0.9 MB initialisation only if it finds the bridge's `_gnutls_global_init_skip`
    /// (`Sources/HTTPClient/GnuTLSUnused.swift`). The loader says whom it bound the name to.
    @Test("GnuTLS binds _gnutls_global_init_skip to the bridge's own definition, so it does not initialise itself")
    func gnutlsFindsTheSkip() throws {
        let result = try BridgeProcess.run(["--version"], environment: ["LD_DEBUG": "bindings"])
        #expect(result.status == 0)
        let lookups = result.stderr.split(separator: "\n").filter { $0.contains("`_gnutls_global_init_skip'") }
        #expect(lookups.count == 1, "one lookup of the name, by GnuTLS's constructor: \(lookups)")
        let lookup = String(lookups.first ?? "")
        #expect(lookup.contains("binding file") && lookup.contains("libgnutls"), "\(lookup)")
        #expect(
            lookup.contains("to \(BridgeProcess.executable) [0]"),
            "bound to GnuTLS's own weak default instead: \(lookup)")
    }
}
