// The browser's sound: howler, in HTML5 mode so a long lesson streams (with HTTP Range requests)
// instead of being downloaded and decoded whole before it starts.
import { Howl } from 'howler';
import type { AudioBackend, Sound } from './player-engine';

/** The file type from the address's path (the signed query is ignored); howler needs it for URLs without one. */
export function formatOf(src: string): string[] | undefined {
  const path = src.split(/[?#]/, 1)[0] ?? '';
  const ext = /\.([a-z0-9]{2,4})$/i.exec(path)?.[1]?.toLowerCase();
  return ext ? [ext] : undefined;
}

export const howlerBackend: AudioBackend = {
  create(src, options, events): Sound {
    const format = formatOf(src);
    const howl = new Howl({
      src: [src],
      html5: true,
      preload: true,
      volume: options.volume,
      rate: options.rate,
      ...(format ? { format } : {}),
      onload: () => events.onload(),
      onend: () => events.onend(),
      onloaderror: (_id, error) => events.onloaderror(error),
      onplayerror: (_id, error) => events.onplayerror(error),
    });
    return {
      play: () => {
        if (!howl.playing()) howl.play();
      },
      pause: () => howl.pause(),
      position: () => {
        const at = howl.seek();
        return typeof at === 'number' ? at : 0;
      },
      seek: (seconds) => {
        howl.seek(seconds);
      },
      duration: () => howl.duration(),
      playing: () => howl.playing(),
      volume: (volume01) => {
        howl.volume(volume01);
      },
      rate: (rate) => {
        howl.rate(rate);
      },
      unload: () => howl.unload(),
    };
  },
};
