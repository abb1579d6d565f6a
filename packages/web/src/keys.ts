/** Keyboard rules shared by the islands and the loader that stands in for them until they load. */

const ENTER = 13;
const SPACE = 32;

/** Enter (13) and Space (32) activate buttons (spec section 4). */
export function isActivationKey(event: KeyboardEvent): boolean {
  return event.key === 'Enter' || event.key === ' ' || event.keyCode === ENTER || event.keyCode === SPACE;
}
