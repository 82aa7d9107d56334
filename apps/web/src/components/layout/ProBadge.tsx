export function ProBadge() {
  return (
    <span className="rounded-full bg-gradient-to-r from-amber-400 to-orange-500 px-1.5 py-0.5 text-[10px] leading-none font-bold tracking-wide text-white">
      PRO
    </span>
  );
}
