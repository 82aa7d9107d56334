import type { User } from '@tianma/shared';
import { Camera } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import type { Area } from 'react-easy-crop';
import { useAuth } from '../../auth/auth-context';
import { failureMessage } from '../../components/account/failure-message';
import { usernameInitial } from '../../components/layout/UserAvatar';
import { useToast } from '../../components/toast/toast-context';
import { avatarFileProblem } from './avatar-file';
import { AvatarCropDialog } from './AvatarCropDialog';
import { cropToJpeg } from './crop-image';
import { uploadAvatar } from './upload-avatar';

/** The big avatar of the profile page: click to choose a picture, crop it, upload it. */
export function ProfileAvatar({ user }: { user: User }) {
  const { refresh } = useAuth();
  const toast = useToast();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  // Remembered per URL, so a new upload gets its own chance to load.
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);

  // The object URL of the chosen file lives as long as the dialog.
  useEffect(() => (source ? () => URL.revokeObjectURL(source) : undefined), [source]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    setSource(URL.createObjectURL(file));
  };

  const confirm = async (area: Area) => {
    if (!source) return;
    setUploading(true);
    try {
      await uploadAvatar(await cropToJpeg(source, area), user.deepspaceId);
      toast.success('头像上传成功');
      setSource(null);
      await refresh();
    } catch (error) {
      toast.error(failureMessage(error, { failed: '头像上传失败', unreachable: '头像上传失败，请稍后重试' }));
    } finally {
      setUploading(false);
    }
  };

  return (
    <>
      <button
        type="button"
        onClick={() => input.current?.click()}
        aria-label="更换头像"
        title="点击更换头像"
        className="group relative size-20 shrink-0 overflow-hidden rounded-full ring-4 ring-indigo-50 sm:size-24"
      >
        {user.avatar && user.avatar !== brokenUrl ? (
          <img src={user.avatar} alt="头像" onError={() => setBrokenUrl(user.avatar ?? null)} className="size-full object-cover" />
        ) : (
          <span className="flex size-full items-center justify-center bg-gradient-to-br from-indigo-500 to-sky-500 text-3xl font-semibold text-white">
            {usernameInitial(user.username)}
          </span>
        )}
        <span className="absolute inset-x-0 bottom-0 flex justify-center bg-slate-900/50 py-1 text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100">
          <Camera aria-hidden="true" className="size-4" />
        </span>
      </button>
      <label htmlFor={inputId} className="sr-only">
        选择头像图片
      </label>
      <input ref={input} id={inputId} type="file" accept="image/*" hidden onChange={choose} />
      {source && <AvatarCropDialog image={source} uploading={uploading} onCancel={() => setSource(null)} onConfirm={confirm} />}
    </>
  );
}
