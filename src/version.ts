declare const __PAGETUI_VERSION__: string | undefined;

/** The package version, baked in at build time ('dev' when run from source, e.g. in tests). */
export const VERSION: string = typeof __PAGETUI_VERSION__ === 'string' ? __PAGETUI_VERSION__ : 'dev';
