import { useState } from 'react';
import { Badge, Flex, IconButton } from '@radix-ui/themes';
import { ChevronLeftIcon, ChevronRightIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import { ProductImage } from '../../components/ProductImage';
import { PLACEHOLDER_IMAGE } from '../../lib/images';
import { useAuth } from '../../auth/AuthContext';

/**
 * Main image with wrapping arrows named after the product, an `index / total` badge and 60 px
 * thumbnails (the first marked P for admins).
 */
export function ImageGallery({ images, alt, showThumbnails = true }: { images: string[]; alt: string; showThumbnails?: boolean }) {
  const { t } = useTranslation('shop');
  // The primary image's "P" is for those who choose it (the spec's mark); shoppers do not need
  // the shop's own bookkeeping on the gallery (issue 34's polish).
  const { can } = useAuth();
  const [index, setIndex] = useState(0);
  const total = images.length;

  if (total === 0) {
    return (
      <div className="gallery-main">
        <img src={PLACEHOLDER_IMAGE} alt={t('gallery.noImage')} width={800} height={600} />
      </div>
    );
  }
  const current = Math.min(index, total - 1);
  return (
    <Flex direction="column" gap="3">
      <div className="gallery-main" role="group" aria-roledescription={t('gallery.label')} aria-label={alt}>
        <ProductImage fileName={images[current]} alt={`${alt} (${current + 1} / ${total})`} width={800} height={600} fetchPriority="high" />
        {total > 1 && (
          <>
            <IconButton
              className="media-arrow"
              data-side="prev"
              variant="surface"
              radius="full"
              aria-label={t('gallery.previousOf', { name: alt })}
              onClick={() => setIndex((current - 1 + total) % total)}
            >
              <ChevronLeftIcon />
            </IconButton>
            <IconButton
              className="media-arrow"
              data-side="next"
              variant="surface"
              radius="full"
              aria-label={t('gallery.nextOf', { name: alt })}
              onClick={() => setIndex((current + 1) % total)}
            >
              <ChevronRightIcon />
            </IconButton>
          </>
        )}
        <Badge className="media-count" variant="surface" color="gray" data-testid="gallery-count">
          {current + 1} / {total}
        </Badge>
      </div>
      {showThumbnails && total > 1 && (
        <Flex gap="2" wrap="wrap" asChild>
          <ul className="plain-list">
            {images.map((file, i) => (
              <li key={file + i}>
                <button
                  type="button"
                  className="gallery-thumb"
                  aria-current={i === current}
                  aria-label={t('gallery.show', { index: i + 1, total })}
                  onClick={() => setIndex(i)}
                >
                  <ProductImage fileName={file} thumb="120x120" alt="" width={60} height={60} loading="lazy" />
                  {i === 0 && can('catalog.write') && (
                    <span className="primary-mark" title={t('gallery.primary')}>
                      P
                    </span>
                  )}
                </button>
              </li>
            ))}
          </ul>
        </Flex>
      )}
    </Flex>
  );
}
