/** WCAG 2 contrast, computed from pixels. */
import sharp from 'sharp';

export type Rgb = [number, number, number];

const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
/** Relative luminance of an sRGB colour (WCAG 2). */
export const luminance = ([r, g, b]: Rgb) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
export const contrast = (a: Rgb, b: Rgb) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};
/** "rgb(255, 255, 255)" -> [255, 255, 255] */
export const parseRgb = (css: string): Rgb => {
  const [r, g, b] = css.match(/[\d.]+/g)!.map(Number);
  return [r, g, b];
};

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The lowest contrast between `text` and any pixel of a PNG screenshot inside the boxes (CSS px at
 * device scale 1), with the pixel where it was found.
 */
export async function lowestContrast(png: Buffer, boxes: Box[], text: Rgb) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let worst = { ratio: Infinity, x: -1, y: -1, pixel: [0, 0, 0] as Rgb };
  for (const box of boxes) {
    const x0 = Math.max(0, Math.floor(box.x));
    const y0 = Math.max(0, Math.floor(box.y));
    const x1 = Math.min(info.width, Math.ceil(box.x + box.width));
    const y1 = Math.min(info.height, Math.ceil(box.y + box.height));
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const i = (y * info.width + x) * info.channels;
        const pixel: Rgb = [data[i], data[i + 1], data[i + 2]];
        const ratio = contrast(text, pixel);
        if (ratio < worst.ratio) worst = { ratio, x, y, pixel };
      }
    }
  }
  return worst;
}
