// A picture upload (spec part 1 §2.6): images only, a 100px preview, its type and size, and a remove button.
import { Button, FileButton, Group, Image, Input, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImageValue, InputProps } from './types';

/** Previews in forms (spec part 1 §9). */
export const PREVIEW_HEIGHT = 100;

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('error.unknown'));
    reader.readAsDataURL(file);
  });
}

/** Bytes held by a base64 text. */
export const base64Bytes = (data: string) => Math.floor((data.length * 3) / 4) - (data.match(/=+$/)?.[0].length ?? 0);

export function ImageInput({ value, onChange, label, error, disabled }: InputProps<ImageValue | null>) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const reset = useRef<() => void>(null);
  const pick = async (file: File | null) => {
    if (!file) return;
    onChange({ data: await readBase64(file), contentType: file.type || 'application/octet-stream' });
  };
  const remove = () => {
    reset.current?.();
    onChange(null);
  };

  return (
    <Input.Wrapper label={label} error={error} labelProps={{ htmlFor: id }}>
      <Stack gap="xs" mt={4}>
        {value && (
          <Group align="flex-end" gap="md">
            <Image
              src={`data:${value.contentType};base64,${value.data}`}
              h={PREVIEW_HEIGHT}
              w="auto"
              fit="contain"
              alt={label}
              data-testid="image-preview"
            />
            <Stack gap={4}>
              <Text size="xs" c="dimmed">
                {t('entity.image.size', {
                  type: value.contentType,
                  size: base64Bytes(value.data).toLocaleString(i18n.language),
                })}
              </Text>
              <Button
                variant="light"
                color="red"
                size="xs"
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={remove}
                disabled={disabled}
              >
                {t('entity.action.remove')}
              </Button>
            </Stack>
          </Group>
        )}
        <FileButton
          onChange={(file) => void pick(file)}
          accept="image/*"
          resetRef={reset}
          disabled={disabled}
          inputProps={{ id, 'aria-label': label }}
        >
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconPhotoUp size={16} aria-hidden />}
              w="fit-content"
              disabled={disabled}
            >
              {t('entity.action.chooseImage')}
            </Button>
          )}
        </FileButton>
      </Stack>
    </Input.Wrapper>
  );
}
