// The stand-in's exports are the package's: icons and helpers by name.
declare const icons: Record<string, unknown>;
export = icons;
