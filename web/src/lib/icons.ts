import { type IconPaths, IconSize, Icons } from "@blueprintjs/icons";

/** Set by the build (vite.config.ts): the folder of the icon modules, named for their version. */
declare const __BLUEPRINT_ICONS__: string;

/**
 * Blueprint's default loader fetches every icon of a size in one chunk (80 KB compressed) the
 * first time any icon shows — most of the login page's weight. In a build each icon is its own
 * module (about 1 KB, copied by web/scripts/icons.ts), fetched the first time it is drawn: a page
 * pays only for the icons it shows. The dev server keeps Blueprint's own loader.
 */
export function iconUrl(name: string, size: IconSize, folder: string): string {
  return `${folder}/${size === IconSize.LARGE ? 20 : 16}/${name}.js`;
}

export function loadIconsOnDemand(): void {
  if (import.meta.env.DEV) return;
  Icons.setLoaderOptions({
    loader: async (name, size) =>
      ((await import(/* @vite-ignore */ iconUrl(name, size, __BLUEPRINT_ICONS__))) as { default: IconPaths })
        .default,
  });
}
