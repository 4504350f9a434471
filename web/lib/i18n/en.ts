/**
 * English texts of the site's frame and the landing page: header, footer, the shared dialogs,
 * the home page, and the titles and page metadata of the pages the shell draws itself (home, not
 * found, error). The first texts a page loads (./index.ts); every other page's texts, its title
 * and metadata among them, are in ./en-pages.ts. The shape of this object is the shape every other
 * language's must have.
 */
export const en = {
  common: {
    brand: "Avalive",
    close: "Close",
    cancel: "Cancel",
    confirm: "Confirm",
    loading: "Loading…",
    backHome: "Back to home",
    skipToContent: "Skip to content",
    notAvailableTitle: "Not available yet",
    notAvailableBody: "This page is part of a later release. It will open here as soon as it is ready.",
    notAvailableHint: "Meanwhile you can explore the home page or upload images in My uploads.",
    retry: "Try again",
    portraitRendering: "Rendering…",
    portraitFailed: "Portrait not rendered",
  },
  nav: {
    shortVideoStudio: "Short-video studio",
    main: "Main",
    home: "Home",
    live: "Live",
    customized: "Customized",
    ip: "IP",
    download: "Download",
    member: "Member",
    shop: "Shop",
    login: "Log in",
    account: "My account",
    accountSettings: "Account settings",
    workbench: "Workbench",
    uploads: "My uploads",
    logout: "Log out",
    language: "Language",
    openMenu: "Open menu",
  },
  languages: { ZH_CN: "简体中文", ZH_TN: "繁體中文", EN: "English" },
  titles: {
    home: "Avalive · 3D digital-human avatars for live streaming",
    help: "Help centre",
    notFound: "Page not found",
    error: "Something went wrong",
  },
  idle: {
    countdown_one: "You will be logged out in {{count}} second unless you continue.",
    countdown_other: "You will be logged out in {{count}} seconds unless you continue.",
    stay: "Continue",
  },
  pager: { label: "Pages", prev: "Previous", next: "Next", pageOf: "Page {{page}} of {{pages}}" },
  meta: {
    default: {
      description: "Avalive: design 3D digital-human avatars, assemble live-stream plans and stream as your avatar.",
    },
    home: {
      keywords: "digital human, 3D avatar, virtual streamer, avatar live stream, face capture",
      description:
        "Design a 3D digital-human avatar, assemble a live-stream plan and go live with real-time face capture.",
    },
  },
  footer: {
    tagline: "3D digital humans for live streaming.",
    site: "Site",
    siteCn: "China site",
    siteIntl: "International site",
    currency: "Prices in {{currency}}",
    payBy: "Pay by {{methods}}",
    payMethods: { alipay: "Alipay", wechat: "WeChat Pay", card: "card" },
    rights: "© {{year}} Avalive. All rights reserved.",
    product: "Product",
    support: "Support",
    about: "About us",
    notices: "Announcements",
  },
  home: {
    eyebrow: "3D digital humans · live streaming",
    heroTitle: "Go live as the avatar you design",
    heroBody:
      "Avalive turns a photo or a few sliders into a 3D digital human, dresses it, sets the stage and streams it live with real-time face capture.",
    ctaStart: "Start designing",
    ctaDownload: "Download the client",
    heroBadgeLive: "LIVE",
    heroBadgeCapture: "Face capture on",
    heroAltRealistic: "A realistic avatar made from a system model",
    heroAltCartoon: "A cartoon avatar made in the creator",
    featuresTitle: "Everything from first sketch to live show",
    features: {
      design: {
        title: "Design avatars",
        body: "Start from a system model, clone a face from one photo or go cartoon. Fine-tune head, eyes, nose, mouth and jaw with dozens of sliders.",
      },
      plan: {
        title: "Assemble plans",
        body: "Combine avatar, outfit, expressions, backdrop, pets, interactions, sounds and effects into a ready-to-stream draft.",
      },
      live: {
        title: "Stream live",
        body: "Your avatar follows your face in real time. Render on your PC, or in the cloud at 720p with no powerful machine needed.",
      },
    },
    stepsTitle: "Three steps to your first show",
    steps: {
      one: "Pick a model or upload a photo",
      two: "Dress it up and build the stage",
      three: "Open the client and go live",
    },
    tiersTitle: "Memberships",
    tiersBody: "Monthly, quarterly or yearly. Upgrade whenever your show grows.",
    tierCta: "See prices",
    tiers: {
      silver: { name: "Silver", points: "Real-time face capture|Local-rendering live stream" },
      gold: { name: "Gold", points: "More live modes|Half-body capture|Local rendering" },
      diamond: {
        name: "Diamond",
        points: "All rights included|Avatar customisation|Professional motion capture|Local rendering",
      },
      cloud: { name: "Cloud", points: "Cloud rendering at 720p|No powerful PC needed|Hour packages" },
    },
    popular: "Most popular",
    downloadTitle: "Ready when you are",
    downloadBody: "Local-rendering and cloud-rendering clients for PC, and the iOS app.",
    downloadCta: "Go to downloads",
    platforms: "Windows · iOS",
  },
  workbench: { title: "Workbench", sideNav: "Workbench sections" },
  notFound: {
    code: "404",
    body: "The page you are looking for does not exist or has moved.",
  },
  errorPage: { body: "The page failed to load. Reloading usually helps.", reload: "Reload" },
  iframe: { title: "Embedded page" },
};

type Catalogue<T> = { [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };
export type Messages = Catalogue<typeof en>;
