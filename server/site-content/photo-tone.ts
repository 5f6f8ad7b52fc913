import sharp from 'sharp';
import { leastShade, type Rgb } from '../../shared/hero/overlay-shade.js';

/**
 * A photo's regions for the hero's contrast: the photo shrunk to REGIONS_ACROSS columns (each pixel
 * then the mean of a block of about 1/64 of its width, on a 1280 px screen some 20 px, a line of the
 * slide's text), transparency on white. The whole photo counts: the hero crops it differently at
 * each screen width, and on a phone the text runs across all of what shows.
 */
const REGIONS_ACROSS = 64;

export async function photoRegions(input: Buffer | string): Promise<Rgb[]> {
  const { data, info } = await sharp(input)
    .flatten({ background: '#ffffff' })
    .resize({ width: REGIONS_ACROSS, kernel: 'linear' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const regions: Rgb[] = [];
  for (let i = 0; i + 2 < data.length; i += info.channels) regions.push([data[i]!, data[i + 1]!, data[i + 2]!]);
  return regions;
}

/** The hero overlay's shade (percent) that the photo needs for its text's contrast. */
export async function photoShade(input: Buffer | string): Promise<number> {
  return leastShade(await photoRegions(input));
}
