import { useId, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
// The cropper's styles as a file: its own <style> injection would break the CSP (style-src 'self').
import 'react-easy-crop/react-easy-crop.css';
import { buttonClass } from '../../components/ui/button-styles';
import { Modal } from '../../components/ui/Modal';

export const ZOOM = { min: 1, max: 3, step: 0.1 } as const;

interface AvatarCropDialogProps {
  image: string;
  uploading: boolean;
  onCancel: () => void;
  onConfirm: (area: Area) => void;
}

/** Square crop with zoom; 确认 hands the chosen area (in image pixels) to the caller. */
export function AvatarCropDialog({ image, uploading, onCancel, onConfirm }: AvatarCropDialogProps) {
  const zoomId = useId();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState<number>(ZOOM.min);
  const [area, setArea] = useState<Area | null>(null);

  return (
    <Modal label="裁剪头像" onClose={uploading ? () => {} : onCancel}>
      <div className="relative h-64 w-full overflow-hidden rounded-xl bg-slate-900 sm:h-72">
        <Cropper
          image={image}
          crop={crop}
          zoom={zoom}
          minZoom={ZOOM.min}
          maxZoom={ZOOM.max}
          aspect={1}
          showGrid={false}
          disableAutomaticStylesInjection
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => setArea(pixels)}
        />
      </div>
      <div className="mt-4 flex items-center gap-3">
        <label htmlFor={zoomId} className="shrink-0 text-sm font-medium text-slate-700">
          缩放
        </label>
        <input
          id={zoomId}
          type="range"
          min={ZOOM.min}
          max={ZOOM.max}
          step={ZOOM.step}
          value={zoom}
          onChange={(event) => setZoom(Number(event.target.value))}
          className="w-full accent-indigo-600"
        />
      </div>
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" onClick={onCancel} disabled={uploading} className={buttonClass('secondary')}>
          取消
        </button>
        <button type="button" onClick={() => area && onConfirm(area)} disabled={!area || uploading} className={buttonClass('primary')}>
          {uploading ? '上传中...' : '确认'}
        </button>
      </div>
    </Modal>
  );
}
