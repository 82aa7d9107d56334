/**
 * The take-back rule of decision 079, pure: the coins an order's refunds take back follow the
 * refunded share of the order, counted on the running total so that rounding never adds up to
 * more (or less) than the order granted: after refunds of R fen in all, floor(coins × R / amount)
 * coins have been taken back; a refund takes the difference its own fen make. A full refund,
 * in one go or in parts, takes back exactly the coins the order granted.
 */
export function coinsToTakeBack(order: { coins: number; amountFen: number }, refundedBeforeFen: number, refundFen: number): number {
  const { coins, amountFen } = order;
  for (const value of [coins, amountFen, refundedBeforeFen, refundFen]) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`take-back figures must be non-negative integers: ${value}`);
  }
  if (amountFen === 0 || refundedBeforeFen + refundFen > amountFen) throw new RangeError('refunds exceed the order amount');
  // BigInt: coins × fen may pass 2^53 for the largest packs.
  const share = (fen: number) => Number((BigInt(coins) * BigInt(fen)) / BigInt(amountFen));
  return share(refundedBeforeFen + refundFen) - share(refundedBeforeFen);
}

/** What the balance can give now and what stays owed: a balance never goes below zero. */
export function splitTakeBack(coins: number, balance: number): { clawedBack: number; owed: number } {
  const clawedBack = Math.max(0, Math.min(coins, balance));
  return { clawedBack, owed: coins - clawedBack };
}
