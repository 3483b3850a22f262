// Feeds read as a reader would (docs/PRODUCT.md §26): parsed by a strict,
// namespace-aware XML parser (saxes, the one jsdom uses: any error of
// well-formedness throws), then checked for what Atom 1.0 (RFC 4287) and
// RSS 2.0 require of a feed and of each of its entries.
import { SaxesParser } from 'saxes'

export interface XmlElement {
  /** The local name and namespace. */
  name: string
  uri: string
  attributes: Record<string, string>
  children: XmlElement[]
  text: string
}

export const ATOM_NS = 'http://www.w3.org/2005/Atom'

/** The document's root element; throws on anything that is not well-formed XML. */
export function parseXml(text: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true })
  const stack: XmlElement[] = []
  let root: XmlElement | null = null
  parser.on('error', (error) => {
    throw error
  })
  parser.on('opentag', (tag) => {
    const element: XmlElement = {
      name: tag.local,
      uri: tag.uri,
      attributes: Object.fromEntries(
        Object.values(tag.attributes).map((a) => [
          a.prefix ? `${a.prefix}:${a.local}` : a.local,
          a.value,
        ]),
      ),
      children: [],
      text: '',
    }
    stack.at(-1)?.children.push(element)
    root ??= element
    stack.push(element)
  })
  parser.on('text', (value) => {
    if (stack.length) stack.at(-1)!.text += value
  })
  parser.on('cdata', (value) => {
    if (stack.length) stack.at(-1)!.text += value
  })
  parser.on('closetag', () => stack.pop())
  parser.write(text).close()
  if (!root) throw new Error('no root element')
  return root
}

const all = (parent: XmlElement, name: string, uri?: string) =>
  parent.children.filter((c) => c.name === name && (uri === undefined || c.uri === uri))
const one = (parent: XmlElement, name: string, uri?: string): XmlElement => {
  const found = all(parent, name, uri)
  if (found.length !== 1)
    throw new Error(`<${parent.name}> has ${found.length} <${name}> elements, not one`)
  return found[0]!
}
const isDateTime = (text: string) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(text) &&
  !Number.isNaN(Date.parse(text))
const isAbsolute = (url: string) => /^https?:\/\/[^\s/]+/.test(url)

export interface FeedEntry {
  id: string
  title: string
  link: string
  published: string
  /** The HTML a reader shows, unescaped. */
  html: string
  categories: string[]
}

/** The entries of an Atom 1.0 feed, after checking every element RFC 4287 requires. */
export function checkAtom(text: string): { title: string; self: string; entries: FeedEntry[] } {
  const feed = parseXml(text)
  if (feed.name !== 'feed' || feed.uri !== ATOM_NS) throw new Error('the root is not Atom <feed>')
  const required = (parent: XmlElement, name: string) => one(parent, name, ATOM_NS).text.trim()
  required(feed, 'id')
  if (!isDateTime(required(feed, 'updated'))) throw new Error('feed <updated> is no date')
  const authored = all(feed, 'author', ATOM_NS).length > 0
  if (authored && !required(one(feed, 'author', ATOM_NS), 'name'))
    throw new Error('feed author has no name')
  const self = all(feed, 'link', ATOM_NS).find((l) => l.attributes.rel === 'self')
  if (!self || !isAbsolute(self.attributes.href ?? '')) throw new Error('no absolute self link')
  const entries = all(feed, 'entry', ATOM_NS).map((entry) => {
    if (!authored && !all(entry, 'author', ATOM_NS).length)
      throw new Error('an entry without an author in a feed without one')
    const updated = required(entry, 'updated')
    const published = required(entry, 'published')
    if (!isDateTime(updated) || !isDateTime(published)) throw new Error('an entry date is no date')
    const alternates = all(entry, 'link', ATOM_NS).filter(
      (l) => (l.attributes.rel ?? 'alternate') === 'alternate',
    )
    if (alternates.length !== 1 || !isAbsolute(alternates[0]!.attributes.href ?? ''))
      throw new Error('an entry needs one absolute alternate link')
    const content = one(entry, 'content', ATOM_NS)
    if (content.attributes.type !== 'html') throw new Error('content is not type="html"')
    return {
      id: required(entry, 'id'),
      title: required(entry, 'title'),
      link: alternates[0]!.attributes.href!,
      published,
      html: content.text,
      categories: all(entry, 'category', ATOM_NS).map((c) => c.attributes.term ?? ''),
    }
  })
  return { title: required(feed, 'title'), self: self.attributes.href!, entries }
}

/** The items of an RSS 2.0 feed, after checking what the specification requires. */
export function checkRss(text: string): { title: string; self: string; entries: FeedEntry[] } {
  const rss = parseXml(text)
  if (rss.name !== 'rss' || rss.attributes.version !== '2.0') throw new Error('not RSS 2.0')
  const channel = one(rss, 'channel', '')
  const field = (parent: XmlElement, name: string) => one(parent, name, '').text.trim()
  const title = field(channel, 'title')
  if (!isAbsolute(field(channel, 'link'))) throw new Error('channel <link> is not absolute')
  field(channel, 'description')
  const self = one(channel, 'link', ATOM_NS).attributes.href ?? ''
  if (!isAbsolute(self)) throw new Error('no absolute atom:link self')
  const entries = all(channel, 'item', '').map((item) => {
    const pubDate = field(item, 'pubDate')
    if (!/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(pubDate))
      throw new Error(`pubDate ${pubDate} is not RFC 822`)
    const link = field(item, 'link')
    if (!isAbsolute(link)) throw new Error('an item link is not absolute')
    return {
      id: field(item, 'guid'),
      title: field(item, 'title'),
      link,
      published: new Date(pubDate).toISOString(),
      html: field(item, 'description'),
      categories: all(item, 'category', '').map((c) => c.text),
    }
  })
  return { title, self, entries }
}
