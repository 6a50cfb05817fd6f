import { useState, type ComponentType, type MouseEvent } from "react";
import { HIGH_FETCH_PRIORITY } from "~/lib/fetch-priority";
import { useHydrated } from "remix-utils/use-hydrated";
import type { LightboxImage, LightboxImageError } from "~/lib/browser/lightbox-config";
import type { ProductImage } from "~/domain/product";
import type { ProductLightboxProps } from "./ProductLightbox.client";
import { responsiveImage } from "~/lib/responsive-image";
import lightboxStyles from "yet-another-react-lightbox/styles.css";

type Viewer = ComponentType<ProductLightboxProps>;

// The viewer's code (and the lightbox library) is fetched the first time it is needed, so it
// adds nothing to the product page's first download; so is its stylesheet, which in the page's
// head held back the first paint (issue 41). The viewer opens once both have arrived.
let viewerModule: Promise<Viewer> | undefined;
function loadViewer(): Promise<Viewer> {
  viewerModule ??= Promise.all([import("./ProductLightbox.client"), loadStylesheet(lightboxStyles)]).then(
    ([m]) => m.default,
    (error: unknown) => {
      viewerModule = undefined;
      throw error;
    },
  );
  return viewerModule;
}

function loadStylesheet(href: string): Promise<void> {
  const present = document.querySelector<HTMLLinkElement>(`link[rel="stylesheet"][href="${href}"]`);
  if (present?.sheet) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const link = present ?? document.createElement("link");
    link.addEventListener("load", () => resolve(), { once: true });
    link.addEventListener(
      "error",
      () => {
        link.remove(); // the next attempt asks again
        reject(new Error(`stylesheet ${href} did not load`));
      },
      { once: true },
    );
    if (!present) {
      link.rel = "stylesheet";
      link.href = href;
      document.head.appendChild(link);
    }
  });
}

function plainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * Every image is a plain link to its full-size file, so the gallery works without JavaScript.
 * Once the page is hydrated, a click opens the image in the lightbox instead.
 */
export function Gallery({
  images,
  title,
  onImageError,
}: {
  images: ProductImage[];
  /** Shown with each image in the lightbox (spec "Lightbox image: src, title, alt"). */
  title: string;
  onImageError?: (event: LightboxImageError) => void;
}) {
  const [open, setOpen] = useState<{ Viewer: Viewer; index: number; slides: LightboxImage[] } | null>(null);
  const [failed, setFailed] = useState<string>();
  // Marks the gallery once its links open the lightbox (until then they are plain links).
  const enhanced = useHydrated();

  if (images.length === 0) {
    return <div className="aspect-[4/5] rounded-lg bg-stone-100" aria-label="No image available" />;
  }

  function openViewer(event: MouseEvent<HTMLAnchorElement>, index: number) {
    if (event.defaultPrevented || !plainClick(event)) return;
    event.preventDefault();
    const href = event.currentTarget.href;
    loadViewer().then(
      (Viewer) =>
        setOpen({
          Viewer,
          index,
          slides: images.map((img, i) => ({
            src: img.url,
            alt: img.alt,
            title: `${title} (${i + 1}/${images.length})`,
            width: img.width,
            height: img.height,
          })),
        }),
      // The viewer's file could not be fetched (offline, or replaced by a new deployment):
      // open the image itself, as without JavaScript.
      () => window.location.assign(href),
    );
  }

  // Start fetching the viewer as soon as a shopper shows interest in an image.
  const warm = () => void loadViewer().catch(() => undefined);

  return (
    <div
      className="grid grid-cols-2 gap-3"
      data-gallery
      data-enhanced={enhanced || undefined}
      data-image-error={failed}
    >
      {images.map((img, i) => (
        <a
          key={img.url}
          href={img.url}
          className={[i === 0 ? "col-span-2" : "", "block overflow-hidden rounded-lg bg-stone-100"]
            .filter(Boolean)
            .join(" ")}
          aria-label={`Open image ${i + 1} of ${images.length}: ${img.alt}`}
          onClick={(e) => openViewer(e, i)}
          onPointerEnter={warm}
          onFocus={warm}
        >
          <img
            src={img.url}
            {...responsiveImage(img, i === 0 ? "(min-width: 1024px) 50vw, 100vw" : "(min-width: 1024px) 25vw, 50vw")}
            alt={img.alt}
            width={img.width}
            height={img.height}
            loading={i === 0 ? undefined : "lazy"}
            decoding={i === 0 ? undefined : "async"}
            {...(i === 0 ? HIGH_FETCH_PRIORITY : {})}
            className="h-full w-full object-cover"
          />
        </a>
      ))}
      {open ? (
        <open.Viewer
          images={open.slides}
          index={open.index}
          onClose={() => setOpen(null)}
          onImageError={(error) => {
            setFailed(error.src);
            onImageError?.(error);
          }}
        />
      ) : null}
    </div>
  );
}
