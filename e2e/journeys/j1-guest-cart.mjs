// 1. Guest: home, filter by category, sort by price, open a product, gallery
// arrows, add 2 to cart, cart popover shows them with the right line total,
// change quantity, remove, add again.
import { allProducts, formatPrice, parsePrice } from '../lib/api.mjs';
import { assert, atPath, cartButton, cartCountIs, closePopover, hasText, main, openCart, productCard, until, visible } from '../lib/shop.mjs';
import { count } from '../lib/wait.mjs';
import { PHONE } from '../lib/browser.mjs';

export default {
  id: 1,
  title: 'Guest: browse, filter, sort, product gallery, cart popover',
  async run({ baseURL, newContext, evidence, state }) {
    const catalog = await allProducts(baseURL);
    assert.ok(catalog.length >= 20, `the demo catalog should be seeded (found ${catalog.length} products)`);
    const sound = catalog.filter((p) => p.category === 'Sound');
    // The product to buy: in Sound, several images, enough stock.
    const target = sound.find((p) => p.imageFileNames.length >= 2 && p.stockQuantity >= 4);
    assert.ok(target, 'the demo catalog should have a Sound product with 2+ images and 4+ in stock');
    const name = target.name;

    const { newPage } = await newContext();
    const page = await newPage();
    await page.goto('/');
    await visible(main(page).getByRole('heading', { level: 1, name: 'Professional Stage Equipment' }), 'the home hero title');
    await hasText(main(page).getByText(/^\d+ products? found/), `${catalog.length} products found`, 'home count line');
    await count(main(page).locator('article'), Math.min(catalog.length, 20), 'product cards on the first page');
    await evidence.screens(page, 'home');
    await evidence.axe(page, 'home');
    // Each card's arrows are named after its product (14 were all "Next image", issue 34).
    assert.equal(await main(page).getByRole('button', { name: 'Next image', exact: true }).count(), 0, 'no arrow named only "Next image"');
    await visible(main(page).getByRole('button', { name: /^Next image of / }), 'the cards\' arrows named after their products');

    // Filter by category.
    await main(page).getByLabel('Category').selectOption({ label: 'Sound' });
    await until(() => new URL(page.url()).searchParams.get('category') === 'Sound', 'the URL should carry ?category=Sound');
    await hasText(main(page).getByText(/^\d+ products? found/), `${sound.length} products found in Sound`, 'count line when filtered');
    await count(main(page).locator('article'), sound.length, 'cards in Sound');
    for (const card of await main(page).locator('article').all()) {
      await visible(card.getByText('Sound', { exact: true }), 'the Sound category chip on every card');
    }
    assert.equal(await page.evaluate(() => sessionStorage.getItem('shopSelectedCategory')), 'Sound', 'selected category kept in session storage');

    // Sort by price, both ways.
    const prices = async () => {
      const texts = await main(page).locator('article').evaluateAll((cards) =>
        cards.map((c) => Array.from(c.querySelectorAll('p')).map((p) => p.textContent).find((t) => /^\$[\d,]+\.\d\d$/.test(t ?? '')) ?? ''),
      );
      return texts.map(parsePrice);
    };
    const sorted = (xs, dir) => xs.every((x, i) => i === 0 || (dir > 0 ? xs[i - 1] <= x : xs[i - 1] >= x));
    await main(page).getByLabel('Sort by').selectOption({ label: 'Price: Low to High' });
    await until(async () => {
      const p = await prices();
      return p.length === sound.length && sorted(p, 1);
    }, async () => `prices should ascend with "Price: Low to High": ${JSON.stringify(await prices())}`);
    await main(page).getByLabel('Sort by').selectOption({ label: 'Price: High to Low' });
    await until(async () => {
      const p = await prices();
      return p.length === sound.length && sorted(p, -1);
    }, async () => `prices should descend with "Price: High to Low": ${JSON.stringify(await prices())}`);
    const expectedOrder = [...sound].sort((a, b) => b.price - a.price).map((p) => formatPrice(p.price));
    assert.deepEqual((await prices()).map(formatPrice), expectedOrder, 'the cards show the Sound prices, highest first');

    // Open the product from its name.
    await productCard(page, name).getByRole('link', { name }).click();
    await atPath(page, `/products/${target.id}`, 'clicking the name opens the product page');
    await visible(main(page).getByRole('heading', { level: 1, name }), 'the product name as page heading');
    await visible(main(page).getByText(formatPrice(target.price), { exact: true }), 'the price with $ and two decimals');
    await visible(main(page).getByText(`${target.stockQuantity} in stock`), 'the stock chip');
    await visible(main(page).getByRole('navigation', { name: 'Breadcrumb' }), 'the breadcrumb');
    await evidence.screens(page, 'product');
    await evidence.axe(page, 'product');

    // Gallery arrows wrap around.
    const n = target.imageFileNames.length;
    const badge = main(page).getByTestId('gallery-count');
    await hasText(badge, `1 / ${n}`, 'gallery badge at start');
    await main(page).getByRole('button', { name: `Next image of ${name}` }).click();
    await hasText(badge, `2 / ${n}`, 'gallery badge after Next');
    await main(page).getByRole('button', { name: `Previous image of ${name}` }).click();
    await main(page).getByRole('button', { name: `Previous image of ${name}` }).click();
    await hasText(badge, `${n} / ${n}`, 'gallery badge after wrapping backwards');
    await main(page).getByRole('button', { name: `Next image of ${name}` }).click();
    await hasText(badge, `1 / ${n}`, 'gallery badge after wrapping forwards');
    const thumbs = main(page).getByRole('button', { name: /^Show image \d+ of \d+$/ });
    await count(thumbs, n, 'gallery thumbnails');
    // The primary image's P is the admins' mark, not shown to shoppers (issue 34).
    assert.equal(await thumbs.first().getByText('P', { exact: true }).count(), 0, 'no admin mark on the shopper\'s gallery');

    // Add 2 to the cart.
    await main(page).getByRole('button', { name: 'Increase quantity' }).click();
    await until(async () => (await main(page).getByLabel('Quantity', { exact: true }).inputValue()) === '2', 'the quantity selector should show 2');
    await main(page).getByRole('button', { name: 'Add to Cart' }).click();
    await visible(page.getByText(`Added 2 ${name} to cart!`), 'the green "Added 2 … to cart!" notice');
    await cartCountIs(page, 2);
    await until(async () => (await main(page).getByLabel('Quantity', { exact: true }).inputValue()) === '1', 'the quantity selector resets to 1 after adding');
    await visible(main(page).getByText('2 in cart'), 'the "2 in cart" chip');

    // The cart popover.
    let cart = await openCart(page);
    const line = cart.getByRole('listitem').filter({ hasText: name });
    await visible(line, `the ${name} line in the cart`);
    await visible(line.getByText(`${formatPrice(target.price)} × 2`), 'unit price × quantity');
    await visible(line.getByText(formatPrice(target.price * 2), { exact: true }), 'the line total for 2');
    await visible(cart.getByText('2 items'), 'the item count badge');
    await visible(cart.getByRole('button', { name: 'Proceed to Checkout' }), 'the Proceed to Checkout button');
    await evidence.screens(page, 'cart-popover');
    cart = await openCart(page);
    await evidence.axe(page, 'cart popover');

    // Change quantity: up to 3, down to 2.
    await cart.getByRole('button', { name: `Increase quantity of ${name}` }).click();
    await visible(line.getByText(`${formatPrice(target.price)} × 3`), 'unit price × 3 after increase');
    await visible(line.getByText(formatPrice(target.price * 3), { exact: true }), 'line total for 3');
    await cartCountIs(page, 3);
    await cart.getByRole('button', { name: `Decrease quantity of ${name}` }).click();
    await visible(line.getByText(formatPrice(target.price * 2), { exact: true }), 'line total back at 2');
    await cartCountIs(page, 2);

    // Remove, then the cart is empty.
    await cart.getByRole('button', { name: `Remove ${name} from cart` }).click();
    await visible(cart.getByText('Your cart is empty'), '"Your cart is empty"');
    await cartCountIs(page, 0);
    await closePopover(page);

    // Add again (quantity back at 1).
    await main(page).getByRole('button', { name: 'Add to Cart' }).click();
    await visible(page.getByText(`Added 1 ${name} to cart!`), 'the notice for adding 1');
    await cartCountIs(page, 1);
    cart = await openCart(page);
    await visible(cart.getByRole('listitem').filter({ hasText: name }).getByText(`${formatPrice(target.price)} × 1`), 'the line is back with quantity 1');
    await visible(cart.getByText(formatPrice(target.price), { exact: true }).first(), 'line total and cart total for 1');
    assert.ok(await cartButton(page).isVisible());
    await closePopover(page);

    // On a phone the green notice keeps clear of the stepper and Add to Cart (issue 34: at the
    // bottom centre it lay over them when they sat low on the screen, as after scrolling).
    await page.setViewportSize(PHONE);
    const group = main(page).locator('[data-toast-avoid]');
    await group.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight + 16));
    await main(page).getByRole('button', { name: 'Add to Cart' }).click();
    await cartCountIs(page, 2);
    const toast = await visible(page.locator('.toast').filter({ hasText: `Added 1 ${name} to cart!` }), 'the notice on a phone');
    const [box, controls] = [await toast.boundingBox(), await group.boundingBox()];
    const apart = box.y + box.height <= controls.y || controls.y + controls.height <= box.y;
    assert.ok(apart, `the notice (${JSON.stringify(box)}) lies over the stepper and Add to Cart (${JSON.stringify(controls)})`);
    await page.screenshot({ path: `${evidence.dir}/added-to-cart-notice-390.png` });
    state.j1 = { productId: target.id };
  },
};
