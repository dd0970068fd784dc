// HTTPClient
