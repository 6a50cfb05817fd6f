// The image lightbox's limits and the small pure rules built on them.
// Zoom is measured against the image's natural size: 1 shows one image pixel per CSS pixel,
// 3 is three times that. The viewer opens at the size that fits the window (never larger than
// natural size), so its first zoom level is usually below 1.

export const ZOOM_MIN = 0.1;
export const ZOOM_MAX = 3;
/** Each zoom step multiplies the scale by 1 + ZOOM_STEP. */
export const ZOOM_STEP = 0.12;
export const WHEEL_DEBOUNCE_MS = 80;
export const SWIPE_TOLERANCE_PX = 50;
export const ROTATE_STEP_DEG = 90;

/** Spec "Lightbox image": what a viewer slide shows. */
export interface LightboxImage {
  src: string;
  title: string;
  alt: string;
  /** Natural size in pixels, when known. */
  width?: number;
  height?: number;
}

/** Emitted when a lightbox image fails to load (spec: "emits an error event"). */
export interface LightboxImageError {
  src: string;
  index: number;
}

/** The lightbox's state as the markup shows it (`data-lightbox-state`). */
export type LightboxState = "loading" | "load-error" | "dragging" | "zoomed" | "ready";

export function clampZoom(scale: number): number {
  if (!Number.isFinite(scale)) return scale > 0 ? ZOOM_MAX : ZOOM_MIN;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, scale));
}

/**
 * The zoom bounds in the viewer library's units (1 = the fitted size) for an image shown at
 * `fit` times its natural size. Rounded inwards to the library's 5 decimals, so its buttons
 * disable exactly at the bounds and the natural-size scale stays within 0.1–3.
 */
export function zoomBounds(fit: number): { min: number; max: number } {
  if (!(fit > 0)) return { min: 1, max: 1 };
  return {
    min: Math.min(1, Math.ceil((ZOOM_MIN / fit) * 1e5) / 1e5),
    max: Math.max(1, Math.floor((ZOOM_MAX / fit) * 1e5) / 1e5),
  };
}

const WHEEL_PIXELS_PER_STEP = 100;
const WHEEL_MAX_STEPS = 40;

/** A wheel event's vertical distance in pixels, whatever unit the browser reported it in. */
export function wheelPixels(deltaY: number, deltaMode: number): number {
  if (deltaMode === 1) return deltaY * 40; // lines
  if (deltaMode === 2) return deltaY * 800; // pages
  return deltaY;
}

/**
 * Zoom steps for the wheel distance gathered during one debounce window: positive zooms in
 * (the wheel turned away from the user, negative deltaY), at least one step per burst.
 */
export function wheelSteps(accumulatedDeltaY: number): number {
  if (accumulatedDeltaY === 0 || !Number.isFinite(accumulatedDeltaY)) return 0;
  const steps = Math.min(WHEEL_MAX_STEPS, Math.max(1, Math.round(Math.abs(accumulatedDeltaY) / WHEEL_PIXELS_PER_STEP)));
  return accumulatedDeltaY < 0 ? steps : -steps;
}

/** The zoom factor that `steps` zoom steps apply (1.12 per step in, 1 / 1.12 per step out). */
export function zoomFactor(steps: number): number {
  return (1 + ZOOM_STEP) ** steps;
}

/** A finished one-finger drag: "next" when dragged left at least the tolerance, "prev" when right. */
export function swipeDirection(dx: number, dy: number, tolerance = SWIPE_TOLERANCE_PX): "prev" | "next" | null {
  if (Math.abs(dx) < tolerance || Math.abs(dx) <= Math.abs(dy)) return null;
  return dx < 0 ? "next" : "prev";
}

export function nextRotation(degrees: number): number {
  return degrees + ROTATE_STEP_DEG;
}

/** 0, 90, 180 or 270 for any number of quarter turns. */
export function normaliseRotation(degrees: number): number {
  return ((degrees % 360) + 360) % 360;
}

/**
 * The scale at which an image, turned by `rotation` degrees, fits in `box`: never above 1, so
 * small images are not blown up before the shopper zooms.
 */
export function fitScale(
  natural: { width: number; height: number },
  box: { width: number; height: number },
  rotation = 0,
): number {
  if (natural.width <= 0 || natural.height <= 0 || box.width <= 0 || box.height <= 0) return 1;
  const sideways = normaliseRotation(rotation) % 180 !== 0;
  const width = sideways ? natural.height : natural.width;
  const height = sideways ? natural.width : natural.height;
  return Math.min(1, box.width / width, box.height / height);
}
