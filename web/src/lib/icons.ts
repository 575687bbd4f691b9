import { type IconName, type IconPaths, IconSize, Icons } from "@blueprintjs/icons";

/** Set by the build (vite.config.ts): the folder of the icon modules, named for their version. */
declare const __BLUEPRINT_ICONS__: string;

/**
 * Blueprint's default loader fetches every icon of a size in one chunk the
 * first time any icon shows — most of the login page's weight. In a build each icon is its own
 * small module (copied by web/scripts/icons.ts), fetched the first time it is drawn: a page
 * pays only for the icons it shows. The dev server keeps Blueprint's own loader.
 */
export function iconUrl(name: string, size: IconSize, folder: string): string {
  return `${folder}/${size === IconSize.LARGE ? 20 : 16}/${name}.js`;
}

/** Blueprint keeps an icon's paths by the size it was drawn from: 16 below 20 px, else 20. */
const pathsSize = (px: number): IconSize => (px < IconSize.LARGE ? IconSize.STANDARD : IconSize.LARGE);

/** An icon a page written ahead drew whole: its name, the size its paths are kept by, its paths. */
interface PageIcon {
  name: IconName;
  size: IconSize;
  paths: IconPaths;
}

/**
 * The icons a page written ahead draws (web src/prerender.tsx), taken from its markup: each
 * `<svg data-icon>`'s size and paths. The app's first drawing needs them at hand to draw the same
 * markup and adopt it; fetching them would delay the adoption by a round trip.
 */
export function iconsInPage(root: Element): PageIcon[] {
  return [...root.querySelectorAll("svg[data-icon]")].flatMap((svg) => {
    const name = (svg.getAttribute("data-icon") ?? "") as IconName;
    const paths = [...svg.querySelectorAll("path")].map((p) => p.getAttribute("d") ?? "");
    const size = pathsSize(Number(svg.getAttribute("width")) || 16);
    return name && paths.length ? [{ name, size, paths }] : [];
  });
}

/**
 * Icons from then on come from the page when it drew them, else one module each; resolves once
 * every icon of the page is in Blueprint's hands (a few microtasks: nothing is fetched for them).
 */
export async function loadIconsOnDemand(inPage: PageIcon[] = []): Promise<void> {
  if (import.meta.env.DEV) return;
  const drawn = new Map(inPage.map((i) => [`${i.size}/${i.name}`, i.paths]));
  Icons.setLoaderOptions({
    loader: async (name, size) =>
      drawn.get(`${size}/${name}`) ??
      ((await import(/* @vite-ignore */ iconUrl(name, size, __BLUEPRINT_ICONS__))) as { default: IconPaths })
        .default,
  });
  await Promise.all(inPage.map((i) => Icons.load(i.name, i.size)));
}
