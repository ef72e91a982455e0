import type { ImgHTMLAttributes } from 'react';
import { PLACEHOLDER_IMAGE, productImageUrl, type ThumbSize } from '../lib/images';

interface Props extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  fileName: string | null | undefined;
  thumb?: ThumbSize;
  alt: string;
}

/** A product image from /images/products with the placeholder on a missing file or a load error. */
export function ProductImage({ fileName, thumb, alt, ...rest }: Props) {
  return (
    <img
      src={productImageUrl(fileName, thumb)}
      alt={alt}
      decoding="async"
      onError={(e) => {
        const img = e.currentTarget;
        if (!img.src.endsWith(PLACEHOLDER_IMAGE)) img.src = PLACEHOLDER_IMAGE;
      }}
      {...rest}
    />
  );
}
