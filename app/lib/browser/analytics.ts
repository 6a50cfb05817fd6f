// Firebase Analytics (Google Analytics 4), only where the shop configured it and never on a
// developer's machine (off whenever the hostname includes "localhost"). The Firebase SDK is fetched only when analytics is on.

/** The public web configuration the root loader hands the browser when analytics is configured. */
export interface AnalyticsConfig {
  measurementId: string;
  appId: string;
  apiKey: string;
  projectId: string;
}

export function shouldEnableAnalytics({
  measurementId,
  hostname,
}: {
  measurementId: string | null | undefined;
  hostname: string;
}): boolean {
  return Boolean(measurementId?.trim()) && !hostname.toLowerCase().includes("localhost");
}

type LogPageView = (path: string) => void;
let started: Promise<LogPageView | null> | undefined;

async function start(config: AnalyticsConfig): Promise<LogPageView | null> {
  const [{ initializeApp }, { getAnalytics, isSupported, logEvent }] = await Promise.all([
    import("firebase/app"),
    import("firebase/analytics"),
  ]);
  if (!(await isSupported())) return null;
  const analytics = getAnalytics(initializeApp(config, "hemline-analytics"));
  return (path) =>
    logEvent(analytics, "page_view", {
      page_path: path,
      page_location: window.location.href,
      page_title: document.title,
    });
}

/**
 * Count a page view. The first call starts analytics, which counts the page it starts on; later
 * calls (client-side navigations) log their own page_view.
 */
export function trackPageView(config: AnalyticsConfig, path: string): void {
  if (!shouldEnableAnalytics({ measurementId: config.measurementId, hostname: window.location.hostname })) return;
  if (!started) {
    started = start(config).catch(() => null);
    return;
  }
  void started.then((log) => log?.(path));
}
