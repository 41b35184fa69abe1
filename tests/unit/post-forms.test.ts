import { beforeEach, expect, test, vi } from 'vitest'

import { MARKET_TEXT } from '@/rules/market'
import { PRIVATE_DETAIL_MESSAGES } from '@/rules/privateDetails'
import { ApiError } from '@widgets/lib/api'
import { send } from '@widgets/lib/client'
import { uploadMedia } from '@widgets/lib/uploadMedia'
import { $marketForm, submitMarketItem } from '@widgets/Market/store'

vi.mock('@widgets/lib/client', () => ({ send: vi.fn() }))
vi.mock('@widgets/lib/uploadMedia', () => ({ uploadMedia: vi.fn() }))

const sent = vi.mocked(send)
const uploaded = vi.mocked(uploadMedia)

beforeEach(() => {
  sent.mockReset()
  uploaded.mockReset()
})

/** The market form's fields as the browser sends them, with `photos` of these sizes. */
function marketFields(values: Record<string, string>, photoSizes: number[] = []) {
  const fields = new FormData()
  const all = { neighbourhood: '7', kind: 'sale', title: 'Pine desk', price: '40', ...values }
  for (const [name, value] of Object.entries(all)) fields.set(name, value)
  for (const size of photoSizes) fields.append('photos', new File([new Uint8Array(size)], 'p.jpg'))
  if (!photoSizes.length) fields.append('photos', new File([], ''))
  return fields
}

test('a price the schema refuses is refused beside it, before any photo goes up', async () => {
  expect(await submitMarketItem(marketFields({ price: '0.50' }, [10]))).toBeNull()
  expect($marketForm.get()).toMatchObject({
    status: 'idle',
    error: MARKET_TEXT.priceRange,
    field: 'price',
  })
  expect(uploaded).not.toHaveBeenCalled()
  expect(sent).not.toHaveBeenCalled()
})

test('photos go up one after another, the bar showing the share of all their bytes', async () => {
  const shares: number[] = []
  const stop = $marketForm.listen((state) => {
    if (state.status === 'uploading') shares.push(state.progress)
  })
  uploaded.mockImplementation(async (_file, _purpose, _alt, onProgress) => {
    onProgress?.(0.5)
    onProgress?.(1)
    return uploaded.mock.calls.length + 100
  })
  sent.mockResolvedValue({ id: 55 } as never)
  expect(await submitMarketItem(marketFields({}, [300, 100]))).toBe('/market/55')
  stop()
  expect(shares).toEqual([0, 0.375, 0.75, 0.875, 1])
  expect(sent).toHaveBeenCalledWith(
    'market.create',
    expect.objectContaining({ title: 'Pine desk', price: '40', photos: [101, 102] }),
  )
  expect($marketForm.get().status).toBe('done')
})

test('the command’s refusal names its field; a refused photo is the photos field’s', async () => {
  sent.mockRejectedValue(new ApiError(PRIVATE_DETAIL_MESSAGES.phone, 400, 'description'))
  expect(await submitMarketItem(marketFields({ description: 'Call 07700 900123' }))).toBeNull()
  expect($marketForm.get()).toMatchObject({
    error: PRIVATE_DETAIL_MESSAGES.phone,
    field: 'description',
  })

  uploaded.mockRejectedValue(new ApiError('The file is not an image.', 400))
  expect(await submitMarketItem(marketFields({}, [10]))).toBeNull()
  expect($marketForm.get()).toMatchObject({
    error: 'Image upload failed: The file is not an image.',
    field: 'photos',
  })
})

test('more photos than an item takes are refused beside the photos field', async () => {
  expect(await submitMarketItem(marketFields({}, [1, 1, 1, 1, 1]))).toBeNull()
  expect($marketForm.get()).toMatchObject({ error: MARKET_TEXT.tooManyPhotos, field: 'photos' })
  expect(uploaded).not.toHaveBeenCalled()
})
