/** Cart quantity rules of spec sections 4 and 5. */

const MIN_QUANTITY = 1;

/** How many more of a product can be added: stock minus what is already in the cart (never below 0). */
export function remainingStock(stockQuantity: number, inCart: number): number {
  return Math.max(0, stockQuantity - inCart);
}

/** Clamps a stepper value to 1..max (max 0 keeps 1, the Add button is disabled then). */
export function clampQuantity(value: number, max: number): number {
  if (!Number.isFinite(value)) return MIN_QUANTITY;
  return Math.min(Math.max(MIN_QUANTITY, Math.floor(value)), Math.max(MIN_QUANTITY, max));
}

/** Popover line: decrease disabled at 1, increase disabled at or above availableStock. */
export function lineLimits(quantity: number, availableStock: number) {
  return {
    canDecrease: quantity > MIN_QUANTITY,
    canIncrease: quantity < availableStock,
  };
}
