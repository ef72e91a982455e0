package site

import (
	"encoding/json"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/ozzo-validation/v4/is"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/keep"
	"stageshop/shop/catalog"
	"stageshop/shop/field"
	"stageshop/shop/hire"
	"stageshop/shop/mail"
	"stageshop/shop/shipping"
	"stageshop/shop/wire"
)

// StoreDetails are the shop's identity as the owner keeps it in
// /admin/settings: what the storefront, the footer, the contact page, the
// e-mails and the structured data say about the shop (an API shape:
// shop/wire).
type StoreDetails = wire.Shop

// SocialKinds are the social networks a link may point to, in the order the
// footer shows them; "website" is any other page.
var SocialKinds = []string{"facebook", "instagram", "youtube", "x", "tiktok", "linkedin", "vk", "telegram", "wechat", "weibo", "website"}

// Limits of the store details.
const (
	MaxShopNameLen    = 100
	MaxLegalNameLen   = 200
	MaxStoreAddress   = 500
	MaxHoursLen       = 500
	MaxHeroTitleLen   = 120
	MaxHeroTextLen    = 400
	MaxSocialLinks    = 10
	MaxSocialURLLen   = 500
	MaxContactPhone   = 40
	defaultShopName   = "StageShop"
	productImagesPath = "/images/products/"
)

// storePhonePattern admits what people write in a phone number: digits, spaces,
// + ( ) - . / and an extension ("ext. 12").
var storePhonePattern = regexp.MustCompile(`^[+]?[0-9 ()./-]{3,30}( ?(ext\.?|x) ?[0-9]{1,6})?$`)

// StoreInput is the body of PUT /api/admin/shop: the answer's shape, the
// localized members in any of the contract's shapes. logo is a stored
// product image's file name (POST /api/upload/image) or "" for none.
type StoreInput struct {
	Name      string          `json:"name"`
	LegalName string          `json:"legalName"`
	Logo      string          `json:"logo"`
	Email     string          `json:"email"`
	Phone     string          `json:"phone"`
	Address   string          `json:"address"`
	Hours     json.RawMessage `json:"hours"`
	Hero      struct {
		Title json.RawMessage `json:"title"`
		Text  json.RawMessage `json:"text"`
	} `json:"hero"`
	Social []wire.SocialLink `json:"social"`
	// TimeZone is an IANA zone name, "" for the default; left out, the
	// shop keeps its zone.
	TimeZone *string `json:"timeZone"`

	// Set by Validate from the raw members.
	hours, heroTitle, heroText wire.Localized
	app                        core.App
}

// Validate trims and checks the input. Errors are keyed by the API's field
// paths ("hero.title.en", "social.2.url").
func (in *StoreInput) Validate() error {
	in.Name, in.Logo = strings.TrimSpace(in.Name), strings.TrimSpace(in.Logo)
	in.LegalName = strings.TrimSpace(in.LegalName)
	in.Email = strings.ToLower(strings.TrimSpace(in.Email))
	in.Phone = strings.Join(strings.Fields(in.Phone), " ")
	in.Address = trimLines(in.Address)
	if in.TimeZone != nil {
		*in.TimeZone = strings.TrimSpace(*in.TimeZone)
	}
	errs := validation.Errors{
		"name": validation.Validate(in.Name, field.Required("Shop name is required"),
			validation.RuneLength(0, MaxShopNameLen).Error("Must be at most 100 characters")),
		"legalName": validation.Validate(in.LegalName, validation.RuneLength(0, MaxLegalNameLen).Error("Must be at most 200 characters")),
		"email": validation.Validate(in.Email, field.Required("Contact e-mail is required"),
			validation.RuneLength(0, 254), is.EmailFormat.Error("Please enter a valid email address")),
		"phone": validation.Validate(in.Phone, validation.RuneLength(0, MaxContactPhone).Error("Must be at most 40 characters"),
			validation.Match(storePhonePattern).ErrorObject(validation.NewError("validation_phone", "Please enter a phone number: digits, spaces, + ( ) - ."))),
		"address":  validation.Validate(in.Address, validation.RuneLength(0, MaxStoreAddress).Error("Must be at most 500 characters")),
		"logo":     in.validateLogo(),
		"timeZone": validateTimeZone(in.TimeZone),
	}
	var titleErr, textErr error
	in.hours, errs["hours"] = localizedText(in.Hours, false, MaxHoursLen)
	in.heroTitle, titleErr = localizedText(in.Hero.Title, true, MaxHeroTitleLen)
	in.heroText, textErr = localizedText(in.Hero.Text, false, MaxHeroTextLen)
	if hero := (validation.Errors{"title": titleErr, "text": textErr}).Filter(); hero != nil {
		errs["hero"] = hero
	}
	errs["social"] = validateSocial(in.Social)
	return errs.Filter()
}

// validateTimeZone admits an IANA zone name this build knows, or "" for
// the default (hire.LoadZone: the host's "Local" is no shop's zone).
func validateTimeZone(name *string) error {
	if name == nil {
		return nil
	}
	if _, err := hire.LoadZone(*name); err != nil || len(*name) > 64 {
		return validation.NewError("validation_time_zone", "Must be a time zone name such as America/Chicago")
	}
	return nil
}

// validateLogo checks that a named logo is a stored product image.
func (in *StoreInput) validateLogo() error {
	if in.Logo == "" || in.app == nil {
		return nil
	}
	if catalog.MissingImages(in.app, []string{in.Logo}) != "" {
		return validation.NewError("validation_unknown_image", "Upload the logo first")
	}
	return nil
}

// localizedText parses a localized member and checks each language's length
// (and that English is there when required). Multi-line texts keep their
// line breaks, trimmed per line.
func localizedText(raw json.RawMessage, requireEnglish bool, max int) (wire.Localized, error) {
	l, ok := field.ParseLocalizedJSON(raw)
	if !ok {
		return nil, validation.NewError("validation_localized", "Must be an object of texts by language (en, ru, zh)")
	}
	errs := validation.Errors{}
	for lang, s := range l {
		l[lang] = trimLines(s)
		if len([]rune(l[lang])) > max {
			errs[lang] = validation.NewError("validation_length", "Must be at most "+strconv.Itoa(max)+" characters")
		}
	}
	if requireEnglish && l["en"] == "" {
		errs["en"] = validation.NewError("validation_required", "The English text is required")
	}
	if len(errs) > 0 {
		return l, errs
	}
	return l, nil
}

// validateSocial checks the social links: a known kind and an http(s) URL
// each, at most ten.
func validateSocial(links []wire.SocialLink) error {
	if len(links) > MaxSocialLinks {
		return validation.NewError("validation_too_many", "At most 10 links")
	}
	errs := validation.Errors{}
	for i := range links {
		l := &links[i]
		l.Kind, l.URL = strings.ToLower(strings.TrimSpace(l.Kind)), strings.TrimSpace(l.URL)
		row := validation.Errors{}
		if !slices.Contains(SocialKinds, l.Kind) {
			row["kind"] = validation.NewError("validation_in", "Choose one of "+strings.Join(SocialKinds, ", "))
		}
		if !isWebURL(l.URL) {
			row["url"] = validation.NewError("validation_url", "Please enter a web address starting with https://")
		}
		if len(row) > 0 {
			errs[strconv.Itoa(i)] = row
		}
	}
	return errs.Filter()
}

// isWebURL admits absolute http and https URLs with a host (no javascript:,
// data: or relative links in the footer).
func isWebURL(s string) bool {
	if s == "" || len(s) > MaxSocialURLLen || strings.ContainsAny(s, " \t\r\n\"'<>") {
		return false
	}
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != "" && u.User == nil
}

// trimLines trims every line of s and s itself, and drops runs of blank
// lines beyond one.
func trimLines(s string) string {
	lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	out := make([]string, 0, len(lines))
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if l == "" && (len(out) == 0 || out[len(out)-1] == "") {
			continue
		}
		out = append(out, l)
	}
	return strings.TrimSpace(strings.Join(out, "\n"))
}

// SaveStoreDetails validates in and writes it to the settings record; it
// returns the details as they now are.
func SaveStoreDetails(app core.App, in StoreInput) (StoreDetails, error) {
	in.app = app
	if err := in.Validate(); err != nil {
		return StoreDetails{}, err
	}
	rec, err := shipping.SettingsRecord(app)
	if err != nil {
		return StoreDetails{}, err
	}
	rec.Set("shopName", in.Name)
	rec.Set("legalName", in.LegalName)
	rec.Set("logo", in.Logo)
	rec.Set("contactEmail", in.Email)
	rec.Set("contactPhone", in.Phone)
	rec.Set("address", in.Address)
	rec.Set("hours", in.hours)
	rec.Set("heroTitle", in.heroTitle)
	rec.Set("heroText", in.heroText)
	if in.Social == nil {
		in.Social = []wire.SocialLink{}
	}
	rec.Set("social", in.Social)
	if in.TimeZone != nil {
		rec.Set("timeZone", *in.TimeZone)
	}
	if err := app.Save(rec); err != nil {
		return StoreDetails{}, err
	}
	return storeDetailsOf(rec), nil
}

// storeDetailsOf reads the store details out of a settings record.
func storeDetailsOf(rec *core.Record) StoreDetails {
	d := StoreDetails{
		Name: rec.GetString("shopName"), LegalName: rec.GetString("legalName"), Logo: rec.GetString("logo"),
		Email: rec.GetString("contactEmail"), Phone: rec.GetString("contactPhone"), Address: rec.GetString("address"),
		Hours:    field.RecordLocalized(rec, "hours"),
		Hero:     wire.Hero{Title: field.RecordLocalized(rec, "heroTitle"), Text: field.RecordLocalized(rec, "heroText")},
		TimeZone: strings.TrimSpace(rec.GetString("timeZone")),
	}
	if d.TimeZone == "" {
		d.TimeZone = hire.DefaultTimeZone
	}
	if d.Name == "" {
		d.Name = defaultShopName
	}
	if d.Logo != "" {
		d.LogoURL = productImagesPath + d.Logo
	}
	_ = json.Unmarshal(field.RawJSON(rec.Get("social")), &d.Social)
	if d.Social == nil {
		d.Social = []wire.SocialLink{}
	}
	return d
}

// LoadStoreDetails returns the store details, kept between requests until
// the settings record changes (every page's first screen and every e-mail
// reads them).
func LoadStoreDetails(app core.App) (StoreDetails, error) {
	if k := stateOf(app).store.Load(); k != nil {
		return k.Get(app)
	}
	return readStoreDetails(app)
}

// KeepStoreDetails keeps app's store details until its settings record
// changes (or a minute passes: another process may edit them).
func KeepStoreDetails(app core.App) {
	k := keep.New(time.Minute, readStoreDetails)
	k.DropOnChange(app, shipping.SettingsCollection)
	stateOf(app).store.Store(k)
}

func readStoreDetails(app core.App) (StoreDetails, error) {
	recs, err := app.FindRecordsByFilter(shipping.SettingsCollection, "", "created", 1, 0)
	if err != nil || len(recs) == 0 {
		return StoreDetails{Name: defaultShopName, Hours: wire.Localized{}, Social: []wire.SocialLink{}, TimeZone: hire.DefaultTimeZone,
			Hero: wire.Hero{Title: wire.Localized{}, Text: wire.Localized{}}}, nil
	}
	return storeDetailsOf(recs[0]), nil
}

// ValidateStoreRecord holds the settings record's store details to the
// input's rules, whoever writes them (the dashboard too), except that the
// contact e-mail may be blank there: a shop that never filled it in must
// still be able to change its shipping rates. Errors are keyed by the
// record's field names.
func ValidateStoreRecord(rec *core.Record) validation.Errors {
	in := StoreInput{
		Name: rec.GetString("shopName"), LegalName: rec.GetString("legalName"), Email: rec.GetString("contactEmail"),
		Phone: rec.GetString("contactPhone"), Address: rec.GetString("address"),
		Hours: field.RawJSON(rec.Get("hours")), Social: []wire.SocialLink{},
	}
	in.Hero.Title, in.Hero.Text = field.RawJSON(rec.Get("heroTitle")), field.RawJSON(rec.Get("heroText"))
	if in.Name == "" {
		in.Name = defaultShopName
	}
	if in.Email == "" {
		in.Email = "blank@example.com"
	}
	if l, _ := field.ParseLocalizedJSON(in.Hero.Title); l["en"] == "" {
		in.Hero.Title = json.RawMessage(`{"en":"-"}`) // the app's own title stands in
	}
	socialErr := validation.Error(nil)
	if err := json.Unmarshal(field.RawJSON(rec.Get("social")), &in.Social); err != nil && rec.Get("social") != nil {
		socialErr = validation.NewError("validation_social", "Must be a list of {kind, url}")
	}
	var errs validation.Errors
	if err := in.Validate(); err != nil {
		errs, _ = err.(validation.Errors)
	}
	out := validation.Errors{}
	names := map[string]string{"name": "shopName", "legalName": "legalName", "email": "contactEmail", "phone": "contactPhone",
		"address": "address", "hours": "hours", "social": "social"}
	for k, err := range errs {
		if field, ok := names[k]; ok {
			out[field] = err
		}
	}
	if hero, ok := errs["hero"].(validation.Errors); ok {
		for k, field := range map[string]string{"title": "heroTitle", "text": "heroText"} {
			if hero[k] != nil {
				out[field] = hero[k]
			}
		}
	}
	if socialErr != nil {
		out["social"] = socialErr
	}
	return out
}

// MailIdentity is the shop's identity for its e-mails: the shop's name,
// its contact address (From and replies) and its logo.
func MailIdentity(app core.App) mail.Identity {
	d, err := LoadStoreDetails(app)
	if err != nil {
		return mail.Identity{}
	}
	return mail.Identity{Name: d.Name, ReplyTo: d.Email, Email: d.Email, LogoURL: d.LogoURL}
}
