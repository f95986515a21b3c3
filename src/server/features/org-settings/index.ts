// Organization settings, branding, brand images, the custom stylesheet and the app manifest.
// No other feature uses any of it yet.
export {};
