// The JSON shapes the REST contract answers with (camelCase, docs/PRODUCT.md §3).
import type { Role } from './schemas.ts'

export interface TechnologyRef {
  id: number
  name: string
  icon: string | null
}

export interface ImageDetails {
  url: string
  alt: string
  /** Pixels; null for files stored before sizes were kept. */
  width: number | null
  height: number | null
  /** A copy about 640 px wide for the public cards, or null. */
  cardUrl: string | null
}

export interface Project {
  id: number
  name: string
  description: string
  startYear: number | null
  endYear: number | null
  liveUrl: string | null
  githubUrl: string | null
  isActive: boolean
  thumbnail: string | null
  images: string[]
  /**
   * The gallery: the thumbnail, then each image, once per URL, with its
   * alternative text, size and card copy (docs/PRODUCT.md §15).
   */
  imageDetails: ImageDetails[]
  technologies: TechnologyRef[]
  createdAt: string
  updatedAt: string
}

export interface Technology {
  id: number
  name: string
  icon: string | null
  /** Projects using it; visitors only see active ones. */
  projects: { id: number; name: string }[]
  evidence: SkillEvidence
}

/** A technology as `GET /technologies?projects=false` lists it: the public page's skills and filter. */
export type TechnologySummary = Omit<Technology, 'projects'>

/** What backs a skill (docs/PRODUCT.md §19): computed from the content, never typed. */
export interface SkillEvidence {
  projectCount: number
  experienceCount: number
  certificationCount: number
  /** The years the evidence spans; null when none of it has a year. */
  firstYear: number | null
  lastYear: number | null
}

export interface Certification {
  id: number
  name: string
  icon: string
  /** YYYY-MM-DD */
  obtainedDate: string
  isActive: boolean
  /** The technologies it certifies (docs/PRODUCT.md §19). */
  technologies: { id: number; name: string }[]
}

/** A job or role (docs/PRODUCT.md §18); months are YYYY-MM, a null end is the current one. */
export interface Experience {
  id: number
  organization: string
  role: string
  location: string
  startDate: string
  endDate: string | null
  description: string
  url: string | null
  technologies: { id: number; name: string }[]
}

export interface Education {
  id: number
  institution: string
  qualification: string
  field: string
  startDate: string
  endDate: string | null
  description: string
  url: string | null
}

export interface Config {
  id: number
  name: string
  value: string
  description: string | null
}

export interface User {
  id: number
  username: string
  role: Role
}

export interface AuthResponse {
  accessToken: string
  user: User
}

/** POST /auth/login for an account with two-step sign-in on: the code comes next. */
export interface TwoStepChallenge {
  twoStep: true
  /** Sent back with the code to POST /auth/login/verify; good for 5 minutes and 5 codes. */
  challenge: string
}

export type LoginAnswer = AuthResponse | TwoStepChallenge

/** GET /auth/two-step. */
export interface TwoStepStatus {
  enabled: boolean
  recoveryCodesLeft: number
}

/** POST /auth/two-step/setup: the secret to add to an authenticator app. */
export interface TwoStepSetup {
  /** base32, for typing in by hand. */
  secret: string
  otpauthUrl: string
}

/** GET /auth/sessions: the caller's open sessions, and how long one may go unused. */
export interface SessionList {
  idleMinutes: number
  sessions: {
    id: string
    createdAt: string
    lastUsedAt: string
    /** A coarse description such as "Firefox on Linux"; never an address. */
    device: string
    /** The session this request was made with. */
    current: boolean
  }[]
}

/** One of the caller's passkeys, as GET /auth/passkeys lists it (never its key). */
export interface Passkey {
  /** The credential's id, base64url, as the browser names it. */
  id: string
  name: string
  createdAt: string
  /** When it last signed in; null if never. */
  lastUsedAt: string | null
}

export interface ContactMessage {
  id: number
  name: string
  email: string
  message: string
  isRead: boolean
  createdAt: string
}

export interface ApiErrorBody {
  statusCode: number
  message: string
  errors?: Record<string, string>
}

/** GET /stats?days=7|30|90 (docs/PRODUCT.md §17). Days are UTC dates, oldest first. */
export interface VisitStats {
  totals: { visitors: number; views: number }
  days: { date: string; visitors: number; views: number }[]
  projects: { id: number; name: string; views: number }[]
  referrers: { host: string; visits: number }[]
  clicks: { target: string; count: number }[]
  /** utm_source and utm_campaign of the pages' addresses (our addition to the issue's shape). */
  sources: { name: string; visits: number }[]
  campaigns: { name: string; visits: number }[]
}

/** POST /resume/import (docs/PRODUCT.md §20): what was (or, on a dry run, would be) created and skipped. */
export interface ResumeImportPlan {
  create: ResumeImportCounts
  /** What is already here, and the entries listed in `skipped`. */
  skip: ResumeImportCounts
  /** The entries our content cannot hold (a work entry without a startDate), with why. */
  skipped: ResumeImportSkipped[]
}
export interface ResumeImportSkipped {
  kind: keyof ResumeImportCounts
  /** e.g. "work[1]". */
  path: string
  /** e.g. "work[1] has no startDate, which an experience needs". */
  message: string
}
export interface ResumeImportCounts {
  experiences: number
  education: number
  technologies: number
  certifications: number
  projects: number
}
