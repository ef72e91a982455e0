import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { Badge, Box, Button, Flex, IconButton, Progress, Text, VisuallyHidden } from '@radix-ui/themes';
import { ArrowLeftIcon, ArrowRightIcon, Cross2Icon, UploadIcon } from '@radix-ui/react-icons';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api';
import { ProductImage } from '../../../components/ProductImage';
import { move, newId, type ImageItem } from './formModel';
import { checkImageFile, IMAGE_ACCEPT, MAX_IMAGES, uploadImage } from './upload';

interface Props {
  images: ImageItem[];
  setImages: Dispatch<SetStateAction<ImageItem[]>>;
  /** Error shown under the field (required, server). */
  error?: string;
  onTouched: () => void;
}

/**
 * Product images: several files at once, each checked (type, size) and uploaded on its own
 * with a progress bar; reordered by drag and drop or with the move buttons; the first is primary.
 */
export function ImagesField({ images, setImages, error, onTouched }: Props) {
  const { t } = useTranslation('admin');
  const inputRef = useRef<HTMLInputElement>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const uploads = useRef(new Map<string, AbortController>());

  // Leaving the form cancels uploads still running.
  useEffect(() => {
    const running = uploads.current;
    return () => running.forEach((c) => c.abort());
  }, []);

  const update = (id: string, patch: Partial<ImageItem>) =>
    setImages((prev) => prev.map((i) => (i.id === id ? { ...i, ...patch } : i)));

  const start = (file: File) => {
    const id = newId('img');
    const controller = new AbortController();
    uploads.current.set(id, controller);
    setImages((prev) => [...prev, { id, label: file.name, status: 'uploading', progress: 0 }]);
    uploadImage(file, (progress) => update(id, { progress }), controller.signal)
      .then((fileName) => update(id, { fileName, status: 'done', progress: 100 }))
      .catch((e: unknown) => {
        if (controller.signal.aborted) return;
        // A file the server refused never stays in the list (it would become the primary image).
        const reason = isApiError(e) && e.message ? e.message : t('images.uploadError');
        setImages((prev) => prev.filter((i) => i.id !== id));
        setPickError(t('safety.imageRejected', { name: file.name, reason }));
      })
      .finally(() => uploads.current.delete(id));
  };

  const onFiles = (list: FileList | null) => {
    onTouched();
    const files = Array.from(list ?? []);
    if (inputRef.current) inputRef.current.value = '';
    if (!files.length) return;
    const problems = files.map(checkImageFile);
    if (problems.includes('type')) setPickError(t('images.invalidType'));
    else if (problems.includes('size')) setPickError(t('images.tooLarge'));
    else setPickError(null);
    let valid = files.filter((_, i) => problems[i] === null);
    const room = MAX_IMAGES - images.length;
    if (valid.length > room) {
      setPickError(t('images.tooMany', { max: MAX_IMAGES }));
      valid = valid.slice(0, Math.max(0, room));
    }
    valid.forEach(start);
  };

  const reorder = (from: number, to: number) => {
    setImages((prev) => move(prev, from, to));
    setAnnouncement(t('images.moved', { from: from + 1, to: to + 1 }));
  };

  const remove = (item: ImageItem) => {
    uploads.current.get(item.id)?.abort();
    setImages((prev) => prev.filter((i) => i.id !== item.id));
    onTouched();
  };

  const shownError = pickError ?? error;
  return (
    <Box>
      <Flex align="center" gap="3" wrap="wrap" mb="2">
        <Button type="button" variant="soft" onClick={() => inputRef.current?.click()} disabled={images.length >= MAX_IMAGES}>
          <UploadIcon /> {t('images.add')}
        </Button>
        <Text size="1" color="gray">
          {t('images.hint')}
        </Text>
        <input
          ref={inputRef}
          type="file"
          accept={IMAGE_ACCEPT}
          multiple
          hidden
          aria-label={t('images.input')}
          data-testid="image-input"
          onChange={(e) => onFiles(e.currentTarget.files)}
        />
      </Flex>
      {shownError && (
        <Text as="p" size="2" color="red" role="alert" mb="2" id="images-error">
          {shownError}
        </Text>
      )}
      <ul className="plain-list admin-images" aria-label={t('images.list')} aria-describedby={shownError ? 'images-error' : undefined}>
        {images.map((img, index) => (
          <li
            key={img.id}
            className="admin-image"
            data-drag-over={dragOver === index || undefined}
            draggable={img.status !== 'uploading'}
            aria-label={t('images.item', { n: index + 1, name: img.label })}
            onDragStart={(e) => {
              setDragFrom(index);
              e.dataTransfer?.setData('text/plain', String(index));
              if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(e) => {
              if (dragFrom === null) return;
              e.preventDefault();
              setDragOver(index);
            }}
            onDragLeave={() => setDragOver((cur) => (cur === index ? null : cur))}
            onDrop={(e) => {
              e.preventDefault();
              if (dragFrom !== null) reorder(dragFrom, index);
              setDragFrom(null);
              setDragOver(null);
            }}
            onDragEnd={() => {
              setDragFrom(null);
              setDragOver(null);
            }}
          >
            <Box className="admin-image-frame">
              {img.status === 'done' ? (
                <ProductImage fileName={img.fileName} thumb="120x120" alt={img.label} width={120} height={120} draggable={false} />
              ) : (
                <Flex direction="column" justify="center" gap="2" p="2" height="100%">
                  <Text size="1" truncate title={img.label}>
                    {img.label}
                  </Text>
                  {img.status === 'uploading' ? (
                    <Progress value={img.progress} aria-label={t('images.progress', { name: img.label })} />
                  ) : (
                    <Text size="1" color="red">
                      {img.error}
                    </Text>
                  )}
                </Flex>
              )}
              {index === 0 && img.status === 'done' && (
                <Badge className="admin-image-primary" color="indigo" variant="solid" size="1">
                  {t('images.primary')}
                </Badge>
              )}
            </Box>
            <Flex justify="between" align="center" mt="1">
              <IconButton
                type="button"
                size="1"
                variant="ghost"
                aria-label={t('images.moveEarlier', { n: index + 1 })}
                disabled={index === 0}
                onClick={() => reorder(index, index - 1)}
              >
                <ArrowLeftIcon />
              </IconButton>
              <IconButton type="button" size="1" variant="ghost" color="red" aria-label={t('images.remove', { n: index + 1 })} onClick={() => remove(img)}>
                <Cross2Icon />
              </IconButton>
              <IconButton
                type="button"
                size="1"
                variant="ghost"
                aria-label={t('images.moveLater', { n: index + 1 })}
                disabled={index === images.length - 1}
                onClick={() => reorder(index, index + 1)}
              >
                <ArrowRightIcon />
              </IconButton>
            </Flex>
          </li>
        ))}
      </ul>
      <Text as="p" size="1" color="gray" mt="1">
        {images.length > 1 ? t('images.reorderHint') : null}
      </Text>
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
    </Box>
  );
}
