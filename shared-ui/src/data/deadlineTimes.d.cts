// Types of deadlineTimes.cjs (its comments say what each deadline is for).
export declare const deadlines: {
  readonly pageReadMs: number;
  readonly backgroundReadMs: number;
  readonly newsletterSubmitMs: number;
  readonly contactSubmitMs: number;
  readonly captchaScriptMs: number;
  readonly analyticsMs: number;
  readonly realtimeMs: number;
  readonly realtimeHeartbeatMs: number;
  readonly sectionFilesMs: number;
  readonly serverSlotMs: number;
  readonly serverBackgroundSlotMs: number;
  readonly serverRenderMs: number;
  readonly serverManifestMs: number;
  readonly serverHeadersMs: number;
  readonly serverRequestMs: number;
  readonly serverKeepAliveMs: number;
  readonly serverPageHeadMs: number;
  readonly serverContentReadMs: number;
  readonly serverBrowserManifestMs: number;
  readonly serverStylesheetMs: number;
};
