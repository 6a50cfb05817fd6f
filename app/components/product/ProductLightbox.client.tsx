import { useCallback, useEffect, useMemo, useRef, useState, type HTMLAttributes } from "react";
import Lightbox, { LoadingIcon, type ControllerRef, type GenericSlide, type ZoomRef } from "yet-another-react-lightbox";
import Zoom from "yet-another-react-lightbox/plugins/zoom";
import {
  clampZoom,
  fitScale,
  nextRotation,
  normaliseRotation,
  swipeDirection,
  WHEEL_DEBOUNCE_MS,
  wheelPixels,
  wheelSteps,
  ZOOM_STEP,
  zoomBounds,
  zoomFactor,
  type LightboxImage,
  type LightboxImageError,
  type LightboxState,
} from "~/lib/browser/lightbox-config";
import { formatPercent } from "~/domain/percent";

// The product image viewer: yet-another-react-lightbox with its Zoom plugin, plus what the
// library lacks and shoppers need: zoom bounds against the image's natural size, a
// debounced wheel zoom, a 50 px swipe tolerance, rotation, a broken-image icon with an error
// event, and its state in the markup. Loaded only when a shopper first opens an image.

interface ViewerSlide extends GenericSlide, LightboxImage {
  type: "hemline-image";
  index: number;
}

declare module "yet-another-react-lightbox" {
  interface SlideTypes {
    "hemline-image": ViewerSlide;
  }
}

type ImageStatus = "loading" | "ready" | "load-error";

export interface ProductLightboxProps {
  images: LightboxImage[];
  /** The image to open on. */
  index: number;
  onClose: () => void;
  onImageError?: (event: LightboxImageError) => void;
}

/** Pointer travel (px) before a press becomes a drag. */
const DRAG_THRESHOLD_PX = 4;

export default function ProductLightbox({ images, index, onClose, onImageError }: ProductLightboxProps) {
  const slides = useMemo(
    () => images.map((image, i): ViewerSlide => ({ ...image, type: "hemline-image", index: i })),
    [images],
  );
  const [current, setCurrent] = useState(index);
  const [statuses, setStatuses] = useState<Record<number, ImageStatus>>({});
  /** The library's zoom: 1 is the size that fits the window. */
  const [zoom, setZoom] = useState(1);
  /** The fitted size against the natural size, for the current image (0 until known). */
  const [fit, setFit] = useState(0);
  const [rotation, setRotation] = useState(0);
  const [dragging, setDragging] = useState(false);
  const zoomRef = useRef<ZoomRef | null>(null);
  const controllerRef = useRef<ControllerRef | null>(null);
  const reported = useRef(new Set<number>());
  const fitRef = useRef(fit);
  fitRef.current = fit;
  const onImageErrorRef = useRef(onImageError);
  onImageErrorRef.current = onImageError;

  const setStatus = useCallback((slide: ViewerSlide, status: ImageStatus) => {
    setStatuses((all) => (all[slide.index] === status ? all : { ...all, [slide.index]: status }));
    if (status === "load-error" && !reported.current.has(slide.index)) {
      reported.current.add(slide.index);
      onImageErrorRef.current?.({ src: slide.src, index: slide.index });
    }
  }, []);

  // Zoom bounds in the library's units, so the natural-size scale stays within 0.1–3.
  const { min: minZoom, max: maxZoom } = zoomBounds(fit);

  // A new fit (window resized, image rotated) moves the bounds: bring the zoom back inside.
  useEffect(() => {
    const ref = zoomRef.current;
    if (!ref || ref.disabled || fit <= 0) return;
    if (ref.zoom > maxZoom + 1e-6 || ref.zoom < minZoom - 1e-6) ref.changeZoom(ref.zoom, true);
  }, [fit, minZoom, maxZoom]);

  // Mouse-wheel zoom, debounced: the distance of one burst of wheel events becomes zoom steps
  // 80 ms after the last event. Horizontal wheel events stay with the library (navigation).
  useEffect(() => {
    let accumulated = 0;
    let timer: number | undefined;
    let origin = { x: 0, y: 0 };
    function onWheel(event: WheelEvent) {
      const root = event.target instanceof Element ? event.target.closest("[data-lightbox]") : null;
      if (!root || Math.abs(event.deltaY) <= Math.abs(event.deltaX)) return;
      event.preventDefault();
      event.stopPropagation();
      accumulated += wheelPixels(event.deltaY, event.deltaMode);
      const box = root.getBoundingClientRect();
      origin = { x: event.clientX - box.left - box.width / 2, y: event.clientY - box.top - box.height / 2 };
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        const steps = wheelSteps(accumulated);
        accumulated = 0;
        const ref = zoomRef.current;
        const fitted = fitRef.current;
        if (steps === 0 || !ref || ref.disabled || fitted <= 0) return;
        // Aim within 0.1–3 of natural size; the Zoom plugin clamps to the same bounds.
        ref.changeZoom(clampZoom(fitted * ref.zoom * zoomFactor(steps)) / fitted, false, origin.x, origin.y);
      }, WHEEL_DEBOUNCE_MS);
    }
    window.addEventListener("wheel", onWheel, { capture: true, passive: false });
    return () => {
      window.removeEventListener("wheel", onWheel, { capture: true });
      window.clearTimeout(timer);
    };
  }, []);

  // Dragging state, and swipe navigation after 50 px of movement (the library's own
  // swipe is switched off: its threshold is fixed). Pinch and pan stay with the Zoom plugin.
  useEffect(() => {
    const down = new Set<number>();
    let start: { id: number; x: number; y: number; multi: boolean; dragging: boolean } | null = null;
    function onPointerDown(event: PointerEvent) {
      const target = event.target instanceof Element ? event.target : null;
      if (!target?.closest("[data-lightbox]")) return;
      down.add(event.pointerId);
      if (down.size > 1) {
        if (start) start.multi = true;
        return;
      }
      if (target.closest("button") || event.button !== 0) return;
      start = { id: event.pointerId, x: event.clientX, y: event.clientY, multi: false, dragging: false };
    }
    function onPointerMove(event: PointerEvent) {
      if (!start || start.multi || start.dragging || event.pointerId !== start.id) return;
      if (Math.hypot(event.clientX - start.x, event.clientY - start.y) > DRAG_THRESHOLD_PX) {
        start.dragging = true;
        setDragging(true);
      }
    }
    function onPointerEnd(event: PointerEvent) {
      down.delete(event.pointerId);
      if (!start || event.pointerId !== start.id) return;
      const gesture = start;
      start = null;
      setDragging(false);
      if (event.type !== "pointerup" || gesture.multi) return;
      // Zoomed in, a drag pans the image instead.
      if ((zoomRef.current?.zoom ?? 1) > 1.001) return;
      const direction = swipeDirection(event.clientX - gesture.x, event.clientY - gesture.y);
      if (direction) controllerRef.current?.[direction]();
    }
    const options = { capture: true } as const;
    window.addEventListener("pointerdown", onPointerDown, options);
    window.addEventListener("pointermove", onPointerMove, options);
    window.addEventListener("pointerup", onPointerEnd, options);
    window.addEventListener("pointercancel", onPointerEnd, options);
    return () => {
      window.removeEventListener("pointerdown", onPointerDown, options);
      window.removeEventListener("pointermove", onPointerMove, options);
      window.removeEventListener("pointerup", onPointerEnd, options);
      window.removeEventListener("pointercancel", onPointerEnd, options);
    };
  }, []);

  const rotate = useCallback(() => {
    setRotation(nextRotation);
    // A turned image fits the window differently: start again from the fitted size.
    zoomRef.current?.changeZoom(1);
  }, []);

  const scale = fit > 0 ? Math.round(fit * zoom * 1000) / 1000 : 0;
  const status = statuses[current] ?? "loading";
  const state: LightboxState =
    status === "load-error"
      ? "load-error"
      : status === "loading"
        ? "loading"
        : dragging
          ? "dragging"
          : Math.abs(zoom - 1) > 0.001
            ? "zoomed"
            : "ready";

  const rootAttributes = {
    "data-lightbox": "",
    "data-lightbox-state": state,
    "data-zoom": String(scale),
    "data-rotation": String(normaliseRotation(rotation)),
    "data-index": String(current),
  } as HTMLAttributes<HTMLDivElement>;

  return (
    <Lightbox
      open
      close={onClose}
      index={index}
      slides={slides}
      plugins={[Zoom]}
      labels={{ Lightbox: "Image viewer", "Photo gallery": "Product images" }}
      portal={{ container: rootAttributes }}
      animation={{ fade: 200, swipe: 300, zoom: 250 }}
      carousel={{ preload: 1, padding: "16px" }}
      controller={{ ref: controllerRef, disableSwipeNavigation: true }}
      zoom={{
        ref: zoomRef,
        minZoom,
        maxZoom,
        zoomInMultiplier: 1 + ZOOM_STEP,
        // The wheel zooms (debounced above); ctrl+wheel and trackpad pinch too.
        scrollToZoom: true,
        supports: ["hemline-image"],
      }}
      on={{
        view: ({ index: viewed }) => {
          setCurrent(viewed);
          setRotation(0);
          setZoom(1);
        },
        zoom: ({ zoom: value }) => setZoom(value),
      }}
      toolbar={{
        buttons: [
          <span key="scale" className="self-center px-2 text-sm tabular-nums text-white/80" aria-live="polite">
            {scale > 0 ? formatPercent(scale) : ""}
          </span>,
          "zoom",
          <button
            key="rotate"
            type="button"
            className="yarl__button"
            title="Rotate image"
            aria-label="Rotate image"
            onClick={rotate}
          >
            <RotateIcon />
          </button>,
          "close",
        ],
      }}
      render={{
        slide: ({ slide, offset, rect }) =>
          slide.type === "hemline-image" ? (
            <ViewerImage
              slide={slide}
              current={offset === 0}
              rect={rect}
              rotation={offset === 0 ? rotation : 0}
              status={statuses[slide.index] ?? "loading"}
              onStatus={setStatus}
              onFit={offset === 0 ? setFit : undefined}
            />
          ) : null,
        slideFooter: ({ slide }) =>
          slide.type === "hemline-image" ? (
            <p className="pointer-events-none absolute inset-x-0 bottom-0 p-3 text-center text-sm text-white/90">
              {slide.title}
            </p>
          ) : null,
      }}
    />
  );
}

function ViewerImage({
  slide,
  current,
  rect,
  rotation,
  status,
  onStatus,
  onFit,
}: {
  slide: ViewerSlide;
  current: boolean;
  rect: { width: number; height: number };
  rotation: number;
  status: ImageStatus;
  onStatus: (slide: ViewerSlide, status: ImageStatus) => void;
  onFit: ((fit: number) => void) | undefined;
}) {
  const [measured, setMeasured] = useState<{ width: number; height: number } | null>(null);
  const natural = slide.width && slide.height ? { width: slide.width, height: slide.height } : measured;
  const fit = natural ? fitScale(natural, rect, rotation) : 0;

  useEffect(() => {
    onFit?.(fit);
  }, [onFit, fit]);

  const sideways = normaliseRotation(rotation) % 180 !== 0;
  const width = natural ? natural.width * fit : undefined;
  const height = natural ? natural.height * fit : undefined;
  const box = natural
    ? { width: sideways ? height : width, height: sideways ? width : height }
    : { width: rect.width, height: rect.height };

  return (
    <div
      className="relative flex items-center justify-center"
      style={box}
      data-state={status}
      data-current={current || undefined}
    >
      <img
        src={slide.src}
        alt={slide.alt}
        title={slide.title}
        draggable={false}
        // A turn animates, unless the shopper asked for less motion.
        className="yarl__slide_image motion-safe:transition-transform motion-safe:duration-200"
        style={{
          ...(width && height ? { width, height, maxWidth: "none", maxHeight: "none" } : null),
          transform: `rotate(${rotation}deg)`,
          visibility: status === "load-error" ? "hidden" : undefined,
          opacity: status === "ready" ? 1 : 0,
        }}
        onLoad={(event) => {
          const img = event.currentTarget;
          if (!natural && img.naturalWidth > 0) setMeasured({ width: img.naturalWidth, height: img.naturalHeight });
          onStatus(slide, "ready");
        }}
        onError={() => onStatus(slide, "load-error")}
      />
      {status === "loading" ? <LoadingIcon className="yarl__icon yarl__slide_loading absolute" /> : null}
      {status === "load-error" ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-4 text-center text-stone-200">
          <BrokenImageIcon />
          <p className="text-sm">This image could not be loaded.</p>
          <p className="text-xs text-stone-400">{slide.alt}</p>
        </div>
      ) : null}
    </div>
  );
}

function RotateIcon() {
  return (
    <svg
      className="yarl__icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
      fill="currentColor"
    >
      <path
        d={
          "M7.11 8.53 5.7 7.11C4.8 8.27 4.24 9.61 4.07 11h2.02c.14-.87.49-1.72 1.02-2.47zM6.09 13H4.07c.17 " +
          "1.39.72 2.73 1.62 3.89l1.41-1.42c-.52-.75-.87-1.59-1.01-2.47zm1.01 5.32c1.16.9 2.51 1.44 3.9 " +
          "1.61V17.9c-.87-.15-1.71-.49-2.46-1.03L7.1 18.32zM13 4.07V1L8.45 5.55 13 10V6.09c2.84.48 5 2.94 5 " +
          "5.91s-2.16 5.43-5 5.91v2.02c3.95-.49 7-3.85 7-7.93s-3.05-7.44-7-7.93z"
        }
      />
    </svg>
  );
}

/** The broken-image icon (spec: "a failed image shows a broken-image icon"). */
function BrokenImageIcon() {
  return (
    <svg
      role="img"
      aria-label="Broken image"
      viewBox="0 0 24 24"
      width="64"
      height="64"
      fill="currentColor"
      className="text-red-300"
    >
      <path
        d={
          "M21 5v6.59l-3-3.01-4 4.01-4-4-4 4-3-3.01V5c0-1.1.9-2 2-2h14c1.1 0 2 .9 2 2zm-3 6.42 3 3.01V19c0 " +
          "1.1-.9 2-2 2H5c-1.1 0-2-.9-2-2v-6.58l3 2.99 4-4 4 4 4-3.99z"
        }
      />
    </svg>
  );
}
