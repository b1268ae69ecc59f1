// hls.js ships types for its full build only; its light build (hls.js/light) has the same API minus
// alternate audio, subtitles and DRM.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
