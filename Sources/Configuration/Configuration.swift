// Configuration
